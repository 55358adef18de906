import Dispatch
import Foundation

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
    let cores = ProcessInfoCache.activeProcessorCount
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
