import Dispatch
import Foundation
import Synchronization

/// A value handed to `DispatchQueue.concurrentPerform` workers that write disjoint rows.
/// Only used inside `withUnsafe…` scopes; the caller guarantees the workers never overlap.
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Runs `body(rows)` over `0 ..< rowCount` in bands, on all cores when the work is large
/// (`rowCount * rowWidth` over ~64 K px), otherwise inline. Bands never overlap.
func forEachRowBand(rowCount: Int, rowWidth: Int, _ body: (Range<Int>) -> Void) {
    guard rowCount > 0 else { return }
    let work = rowCount * max(rowWidth, 1)
    let cores = RenderThreads.count
    if work < 65_536 || cores < 2 || rowCount < 2 {
        body(0..<rowCount)
        return
    }
    let bands = min(rowCount, cores * 4)
    let bandSize = (rowCount + bands - 1) / bands
    withoutActuallyEscaping(body) { body in
        let shared = UnsafeSendable(body)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let start = band * bandSize
            let end = min(rowCount, start + bandSize)
            if start < end { shared.value(start..<end) }
        }
    }
}

enum ProcessInfoCache {
    static let activeProcessorCount = ProcessInfo.processInfo.activeProcessorCount
}

/// How many cores drawing splits its work over: `limit` when set above 0 (tests compare
/// one thread with all cores), else `HOWDY_THREADS` when it is a whole number 1...4096,
/// else every active core. Results do not depend on it; only the time does.
package enum RenderThreads {
    /// An in-process override; 0 means none.
    package static let limit = Atomic<Int>(0)

    static let fromEnvironment: Int? = {
        guard let text = ProcessInfo.processInfo.environment["HOWDY_THREADS"], let value = Int(text),
            (1...4096).contains(value)
        else { return nil }
        return value
    }()

    /// The number of cores to use now.
    package static var count: Int {
        let override = limit.load(ordering: .relaxed)
        if override > 0 { return override }
        return fromEnvironment ?? ProcessInfoCache.activeProcessorCount
    }
}
