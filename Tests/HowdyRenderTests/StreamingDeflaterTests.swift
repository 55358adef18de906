import Dispatch
import Foundation
import Synchronization
import Testing

@testable import HowdyRender

/// The streaming deflater is a pure function of its input: the same rows give the same
/// bytes from any buffer, on any thread (a contact sheet's PNG must not change between two
/// renders of the same flow).
@Suite struct StreamingDeflaterTests {
    /// Rows like a contact sheet's, Up-filtered: long runs of zeros (flat ground), a
    /// repeated light colour, and scattered "glyph" bytes, 1,651 bytes a row.
    static func sheetLikeRows(count: Int) -> [UInt8] {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var rows: [UInt8] = []
        for y in 0..<count {
            rows.append(2)
            for x in 0..<550 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let ink = (y / 9 + x / 40) % 5 == 0 && state >> 61 == 0
                if y == 0 {
                    rows += [0xF5, 0xF5, 0xF7]
                } else if ink {
                    rows += [UInt8(truncatingIfNeeded: state >> 24), UInt8(truncatingIfNeeded: state >> 32), 3]
                } else {
                    rows += [0, 0, 0]
                }
            }
        }
        return rows
    }

    /// Deflates `bands` (byte counts of `rows`, in order), each copied into a fresh buffer
    /// at `offset` with `garbage` around it, as the contact-sheet writer hands them over.
    static func deflate(_ rows: [UInt8], bands: [Int], offset: Int, garbage: UInt8) throws -> [UInt8] {
        let deflater = try StreamingDeflater()
        var output = [UInt8](repeating: 0, count: 1 << 16)
        var result: [UInt8] = []
        var start = 0
        for (index, count) in (bands + [0]).enumerated() {
            var buffer = [UInt8](repeating: garbage &+ UInt8(truncatingIfNeeded: index), count: offset + count + 4096)
            buffer.replaceSubrange(offset..<(offset + count), with: rows[start..<(start + count)])
            start += count
            try buffer.withUnsafeBufferPointer { buffer in
                try output.withUnsafeMutableBufferPointer { output in
                    try deflater.compress(
                        UnsafeBufferPointer(rebasing: buffer[offset..<(offset + count)]), last: count == 0,
                        output: output
                    ) { result += $0 }
                }
            }
        }
        return result
    }

    @Test func theSameRowsDeflateToTheSameBytesFromAnyBufferOnAnyThread() throws {
        let rows = Self.sheetLikeRows(count: 700)
        let row = 1 + 550 * 3
        let bands = [48, 180, 203, 253, 16].map { $0 * row }
        let reference = try Self.deflate(rows, bands: bands, offset: 0, garbage: 0)
        // It compresses (PNGStreamWriterTests read such streams back).
        #expect(reference.count > 100 && reference.count < rows.count / 10, "\(reference.count) bytes")
        let outputs = Mutex<[Int: [UInt8]]>([:])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 24) { attempt in
            do {
                // Every misalignment and surrounding byte a Swift array or another thread's
                // heap could give.
                let result = try Self.deflate(
                    rows, bands: bands, offset: attempt * 37 % 4096 + attempt, garbage: UInt8(attempt * 53 % 256))
                outputs.withLock { $0[attempt] = result }
            } catch {
                failures.withLock { $0.append("\(attempt): \(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        for (attempt, output) in outputs.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            #expect(output == reference, "attempt \(attempt): \(output.count) bytes, not the same \(reference.count)")
        }
    }
}
