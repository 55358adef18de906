import Glibc

/// How the text system's pthread mutexes are taken (`Striped`'s stripes, `PthreadLocked`):
/// one attempt inline, then a bounded spin that yields the core in its second half, and
/// only then a sleep on the futex.
///
/// Holds are short: timed one by one over 28,000 paragraphs laid out on two threads, nine
/// in ten were a lookup under 0.5 µs and most others a store of a run's words, 2 to 16 µs.
/// A thread put to sleep on the futex instead ran again only after hundreds of
/// microseconds on that 2-core machine (`perf record -e sched:sched_switch`). With more
/// threads than cores the holder may be waiting for the waiter's core, so the later
/// attempts yield it.
enum SpinningMutex {
    /// Attempts in all before `lock` sleeps or `tryLock` gives up. Over a two-thread pass
    /// of fresh paragraphs (with stores that never wait, `ReadMostly.tryWrite`), context
    /// switches fell from about 1,400 with no spin to about 290 with 64 plain attempts and
    /// about 125 with 1,024 (a store outlasts 64). But with more threads than cores a plain
    /// spin burned the time the holder needed: 8 threads on 2 cores took 8.1–10.0 µs of
    /// CPU per paragraph, one thread 6.3–7.5. 128 plain attempts and then up to 128 more
    /// with `sched_yield` between them gave the lowest wall and CPU time of the three on
    /// 2, 4 and 8 threads (on 4, CPU per paragraph as on one thread, 6.9 µs), with 3 to 12
    /// sleeps per 24,000 paragraphs.
    static let attempts = 256
    /// Attempts before the spin starts yielding the core between attempts.
    static let attemptsBeforeYielding = 128

    /// Takes `mutex`, spinning (`tryLock`) before sleeping.
    @inline(__always)
    static func lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        if !tryLock(mutex) { pthread_mutex_lock(mutex) }
    }

    /// Takes `mutex` if it is free now or within the bounded spin; false otherwise.
    @inline(__always)
    static func tryLock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Bool {
        if pthread_mutex_trylock(mutex) == 0 { return true }
        return spin(mutex)
    }

    /// `tryLock` once the first attempt failed: out of line, so that the uncontended lock
    /// inlined into every lookup stays one call.
    @inline(never)
    private static func spin(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Bool {
        for attempt in 1..<attempts {
            if pthread_mutex_trylock(mutex) == 0 { return true }
            if attempt >= attemptsBeforeYielding { sched_yield() }
        }
        return false
    }
}
