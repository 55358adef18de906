import Glibc
import Synchronization

/// Per-thread stripes for the text system's caches, so that two threads laying out
/// text side by side do not take the same lock or write the same cache line.
///
/// A lock word that every thread writes (a mutex, a reader count, a shared counter)
/// moves between cores on every acquisition, and a layout takes several: measured with
/// `howdy-bench threads`, that cost two threads about a fifth more CPU time than one for
/// the same work. Here each thread gets its own stripe (the first `count` threads a
/// stripe each, later ones share round-robin), 128 bytes apart so that no two stripes
/// share a cache line (or an adjacent-line prefetch pair).
///
/// The locks are pthread mutexes, not `Synchronization.Mutex`: ThreadSanitizer sees
/// pthread's hand-offs, but not the kernel futex Swift's contended path uses.
enum ThreadStripe {
    /// Stripes per lock: more than the threads that usually lay out text at once.
    static let count = 8

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // A thread's stripe is a small integer stored as the value: nothing to free.
        pthread_key_create(&key, nil)
        return key
    }()
    private static let next = Atomic<Int>(0)

    /// The calling thread's stripe, 0..<count: assigned on its first use, then fixed.
    static var current: Int {
        if let value = pthread_getspecific(key) { return Int(bitPattern: value) - 1 }
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue & (count - 1)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: index + 1))
        return index
    }
}

/// 128 bytes: keeps neighbouring stripes off each other's cache lines.
private struct StripePadding {
    var words: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
}

/// `ThreadStripe.count` values of `Local`, each behind its own mutex: a thread uses
/// its stripe's, so threads meet only when they share a stripe. For pools (each
/// thread takes and returns its own objects) and counters.
final class Striped<Local>: @unchecked Sendable {
    private struct Slot {
        var mutex = pthread_mutex_t()
        var local: Local
        var padding = StripePadding()
    }

    private let slots: UnsafeMutablePointer<Slot>

    init(_ make: () -> Local) {
        slots = .allocate(capacity: ThreadStripe.count)
        for index in 0..<ThreadStripe.count {
            (slots + index).initialize(to: Slot(local: make()))
            pthread_mutex_init(&slots[index].mutex, nil)
        }
    }

    deinit {
        for index in 0..<ThreadStripe.count { pthread_mutex_destroy(&slots[index].mutex) }
        slots.deinitialize(count: ThreadStripe.count)
        slots.deallocate()
    }

    /// Runs `body` with the calling thread's stripe, locked.
    func withStripe<R, E: Error>(_ body: (inout Local) throws(E) -> R) throws(E) -> R {
        try withStripe(ThreadStripe.current, body)
    }

    /// Runs `body` with stripe `index`, locked.
    func withStripe<R, E: Error>(_ index: Int, _ body: (inout Local) throws(E) -> R) throws(E) -> R {
        lock(index)
        defer { pthread_mutex_unlock(&slots[index].mutex) }
        return try body(&slots[index].local)
    }

    /// Runs `body` on every stripe in turn, each locked while it runs.
    func forEach(_ body: (inout Local) -> Void) {
        for index in 0..<ThreadStripe.count { withStripe(index, body) }
    }

    /// Runs `body` with every stripe locked (in index order, so two callers cannot deadlock).
    func withAllLocked<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        for index in 0..<ThreadStripe.count { lock(index) }
        defer { for index in (0..<ThreadStripe.count).reversed() { pthread_mutex_unlock(&slots[index].mutex) } }
        return try body()
    }

    /// Takes stripe `index`'s lock, spinning before it sleeps (`SpinningMutex`).
    @inline(__always)
    private func lock(_ index: Int) {
        SpinningMutex.lock(&slots[index].mutex)
    }

    /// Runs `body` with every stripe locked, if each is free now or within a short spin;
    /// otherwise takes none, runs nothing and returns nil. Never sleeps: for stores a
    /// caller may drop (an answer kept for later), which should not wait behind a reader.
    func withAllLockedIfFree<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R? {
        for index in 0..<ThreadStripe.count where !tryLock(index) {
            for taken in (0..<index).reversed() { pthread_mutex_unlock(&slots[taken].mutex) }
            return nil
        }
        defer { for index in (0..<ThreadStripe.count).reversed() { pthread_mutex_unlock(&slots[index].mutex) } }
        return try body()
    }

    /// Takes stripe `index`'s lock if it is free now or within a bounded spin
    /// (`SpinningMutex.tryLock`).
    @inline(__always)
    private func tryLock(_ index: Int) -> Bool {
        SpinningMutex.tryLock(&slots[index].mutex)
    }

    /// Runs `body` on every stripe's value without locking: only inside `withAllLocked`.
    func forEachWhileAllLocked(_ body: (inout Local) -> Void) {
        for index in 0..<ThreadStripe.count { body(&slots[index].local) }
    }
}

/// State read far more often than written (answers cached for good), behind a
/// reader-writer lock whose readers each lock only their own stripe: a read costs one
/// uncontended lock on a line the reading core already holds; a write locks every
/// stripe, and `tryWrite` does so only when none is busy (for a store that may be
/// dropped). Locks spin before they sleep (`SpinningMutex`). `Local` is per-stripe data a
/// reader may change (hit counters, `SeenKeys`).
final class ReadMostly<Shared, Local>: @unchecked Sendable {
    private let stripes: Striped<Local>
    private let shared: UnsafeMutablePointer<Shared>

    init(_ shared: Shared, local: () -> Local) {
        stripes = Striped(local)
        self.shared = .allocate(capacity: 1)
        self.shared.initialize(to: shared)
    }

    deinit {
        shared.deinitialize(count: 1)
        shared.deallocate()
    }

    /// Runs `body` with shared access to the state (no writer runs meanwhile, other
    /// readers may) and exclusive access to the calling thread's stripe.
    func readWithLocal<R, E: Error>(_ body: (UnsafePointer<Shared>, inout Local) throws(E) -> R) throws(E) -> R {
        try stripes.withStripe { (local: inout Local) throws(E) -> R in try body(UnsafePointer(shared), &local) }
    }

    /// Runs `body` with shared access to the state.
    func read<R, E: Error>(_ body: (UnsafePointer<Shared>) throws(E) -> R) throws(E) -> R {
        try readWithLocal { (shared: UnsafePointer<Shared>, _: inout Local) throws(E) -> R in try body(shared) }
    }

    /// Runs `body` with exclusive access to the state.
    func write<R, E: Error>(_ body: (inout Shared) throws(E) -> R) throws(E) -> R {
        try writeWithLocals { (shared: inout Shared, _: ((inout Local) -> Void) -> Void) throws(E) -> R in
            try body(&shared)
        }
    }

    /// Runs `body` with exclusive access to the state if every stripe is free now or
    /// within a short spin (`Striped.withAllLockedIfFree`); otherwise returns nil without
    /// running it. For stores that may be dropped: a writer that waited behind another
    /// thread's reads slept, and each sleep cost far more than the store saves.
    func tryWrite<R, E: Error>(_ body: (inout Shared) throws(E) -> R) throws(E) -> R? {
        try stripes.withAllLockedIfFree { () throws(E) -> R in try body(&shared.pointee) }
    }

    /// Runs `body` with exclusive access to the state and every stripe's `Local` (the
    /// second argument visits them).
    func writeWithLocals<R, E: Error>(
        _ body: (inout Shared, ((inout Local) -> Void) -> Void) throws(E) -> R
    ) throws(E) -> R {
        try stripes.withAllLocked { () throws(E) -> R in
            try body(&shared.pointee) { visit in stripes.forEachWhileAllLocked(visit) }
        }
    }
}

extension ReadMostly where Local == Void {
    convenience init(_ shared: Shared) { self.init(shared, local: {}) }
}
