import Dispatch
import Synchronization

/// The JSON-lines loop of `howdy balance --jsonl`, usable from any Swift program:
/// reads requests as they arrive, answers every complete line of each chunk read (in
/// input order, on `jobs` threads), and writes the answers of a chunk in one write
/// before reading again, so a caller that waits for each answer never deadlocks.
///
/// The stream is linear in its input: each byte is looked at once, and only the
/// unfinished last line of a chunk is kept. A line longer than `maximumLineBytes` is
/// answered with an error as soon as it passes the cap, its remaining bytes are
/// skipped as they arrive, and the stream goes on with the next line.
public struct JSONLStream {
    /// The longest request line accepted, in bytes (4 MiB: room for the longest text
    /// `ShapedText` accepts, 1 Mi UTF-16 units, with JSON escaping).
    public static let maximumLineBytes = 4 << 20

    /// Bytes asked of `read` at a time.
    public static let chunkBytes = 64 << 10

    private let defaults: BalanceDefaults
    private let jobs: Int
    private let lineLimit: Int
    private var sessions: [BalanceSession]
    /// One output buffer per worker, reused from chunk to chunk.
    private let buffers: [WorkerBuffer]

    private final class WorkerBuffer: @unchecked Sendable {
        var writer = JSONWriter()
    }

    /// A stream answering with `defaults` on `jobs` threads (1 or more).
    public init(defaults: BalanceDefaults, jobs: Int = 1, maximumLineBytes: Int = JSONLStream.maximumLineBytes) {
        self.defaults = defaults
        self.jobs = max(1, jobs)
        self.lineLimit = max(1, maximumLineBytes)
        sessions = (0..<max(1, jobs)).map { _ in BalanceSession(defaults: defaults) }
        buffers = (0..<max(1, jobs)).map { _ in WorkerBuffer() }
    }

    /// Runs until `read` returns 0 (end of input).
    /// - Parameters:
    ///   - read: fills the buffer with up to its size in bytes and returns how many; 0 at
    ///     the end. Errors it throws end the stream and are rethrown.
    ///   - write: receives the answers of one chunk, each followed by "\n". Errors it
    ///     throws (a closed pipe, a full disk) end the stream and are rethrown.
    /// - Returns: the number of request lines answered.
    @discardableResult
    public mutating func run(
        read: (UnsafeMutableRawBufferPointer) throws -> Int, write: (String) throws -> Void
    ) throws -> Int {
        try run(read: read, writeUTF8: { try write(String(decoding: $0, as: UTF8.self)) })
    }

    /// `run(read:write:)` handing each chunk's answers to `writeUTF8` as the UTF-8 bytes
    /// they are (valid UTF-8, valid only during the call), for a caller that writes them
    /// to a file or pipe: no `String` is made of them (its validation cost a non-ASCII
    /// answer about a twentieth of its time).
    @discardableResult
    public mutating func run(
        read: (UnsafeMutableRawBufferPointer) throws -> Int, writeUTF8: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        var chunk = [UInt8](repeating: 0, count: Self.chunkBytes)
        var pending: [UInt8] = []  // the current unfinished line
        var skipping = false  // inside a line already answered as too long
        var lineNumber = 0
        while true {
            let count = try chunk.withUnsafeMutableBytes { try read($0) }
            let atEnd = count == 0
            var batch: [UInt8] = []
            var lines: [Range<Int>] = []
            var tooLong: Int?
            chunk.withUnsafeBufferPointer { bytes in
                var start = 0
                var index = 0
                while index < count {
                    guard bytes[index] == 0x0A else {
                        index += 1
                        continue
                    }
                    if skipping {
                        skipping = false
                    } else {
                        lineNumber += 1
                        let lower = batch.count
                        batch += pending
                        batch += bytes[start..<index]
                        lines.append(lower..<batch.count)
                    }
                    pending.removeAll(keepingCapacity: true)
                    index += 1
                    start = index
                }
                guard !skipping else { return }
                if pending.count + (count - start) > lineLimit {
                    lineNumber += 1
                    tooLong = lineNumber
                    skipping = true
                    pending = []
                } else {
                    pending += bytes[start..<count]
                }
            }
            if atEnd, !skipping, !pending.isEmpty {
                lineNumber += 1
                let lower = batch.count
                batch += pending
                lines.append(lower..<batch.count)
                pending = []
            }
            var output = answers(batch, lines: lines, firstLine: lineNumber - lines.count - (tooLong == nil ? 0 : 1))
            if let tooLong {
                output.raw(
                    BalanceSession.error(
                        id: nil, "line \(tooLong): longer than \(lineLimit) bytes; the rest of the line is skipped"))
                output.bytes.append(0x0A)
            }
            if !output.bytes.isEmpty { try output.bytes.withUnsafeBytes { try writeUTF8($0) } }
            if atEnd { return lineNumber }
        }
    }

    /// Lines a worker takes at a time: small enough that workers finish a chunk
    /// together (a static split waits for the slowest half), large enough that taking
    /// them costs nothing next to answering.
    static let linesPerTask = 4

    /// Answers `lines` (ranges of `batch`), numbered from `firstLine + 1`, in order.
    private func answers(_ batch: [UInt8], lines: [Range<Int>], firstLine: Int) -> JSONWriter {
        var output = JSONWriter()
        guard !lines.isEmpty else { return output }
        batch.withUnsafeBufferPointer { bytes in
            if jobs == 1 || lines.count < 2 * jobs {
                output.bytes.reserveCapacity(bytes.count * 2)
                for (index, range) in lines.enumerated() {
                    sessions[0].answer(
                        UnsafeBufferPointer(rebasing: bytes[range]), line: firstLine + index + 1, into: &output)
                    output.bytes.append(0x0A)
                }
                return
            }
            let tasks = (lines.count + Self.linesPerTask - 1) / Self.linesPerTask
            // Where each task's answers are: (worker, start, end) in that worker's buffer.
            var placed = [(worker: Int, start: Int, end: Int)](repeating: (0, 0, 0), count: tasks)
            placed.withUnsafeMutableBufferPointer { slots in
                let slots = UnsafeSendable(slots)
                let input = UnsafeSendable(bytes)
                let sessions = UnsafeSendable(self.sessions)
                let buffers = UnsafeSendable(self.buffers)
                let next = Atomic<Int>(0)
                // Workers take tasks in turn from a shared counter and append the answers
                // to their own buffer (kept across chunks, so no worker allocates per
                // chunk or frees what another allocated); each task records where its
                // answers went, so the output order is the input order whatever the
                // thread timing.
                DispatchQueue.concurrentPerform(iterations: jobs) { worker in
                    let session = sessions.value[worker]
                    let buffer = buffers.value[worker]
                    buffer.writer.bytes.removeAll(keepingCapacity: true)
                    while true {
                        let task = next.add(1, ordering: .relaxed).oldValue
                        guard task < tasks else { return }
                        let start = buffer.writer.bytes.count
                        let upper = min(lines.count, (task + 1) * Self.linesPerTask)
                        for index in (task * Self.linesPerTask)..<upper {
                            session.answer(
                                UnsafeBufferPointer(rebasing: input.value[lines[index]]), line: firstLine + index + 1,
                                into: &buffer.writer)
                            buffer.writer.bytes.append(0x0A)
                        }
                        slots.value[task] = (worker, start, buffer.writer.bytes.count)
                    }
                }
            }
            output.bytes.reserveCapacity(buffers.reduce(0) { $0 + $1.writer.bytes.count })
            for (worker, start, end) in placed { output.bytes += buffers[worker].writer.bytes[start..<end] }
        }
        return output
    }
}

/// Hands a value to worker threads that each touch a disjoint part of it (their own
/// slots, their own session), which the compiler cannot see.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
