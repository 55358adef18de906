import Glibc

/// A value behind one pthread mutex, for small state that every thread writes (the word
/// cache's asked-for and assembled-run marks). A pthread mutex rather than
/// `Synchronization.Mutex` for the reason `ThreadStripe` gives: ThreadSanitizer sees
/// pthread's hand-offs, but not the kernel futex a contended Swift `Mutex` waits on, and
/// reported a race on the marks under `bindings/c/tests/threads.c`. Taken as the stripes
/// are (`SpinningMutex`): a spin before a sleep.
final class PthreadLocked<Value>: @unchecked Sendable {
    // Both behind pointers: a pthread mutex must not move, and a stored property of a
    // class passed `inout` would be checked for exclusivity at run time on every use.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        SpinningMutex.lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
