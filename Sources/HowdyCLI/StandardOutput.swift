import Foundation

/// One of the process's output streams (standard output or standard error), written with
/// `write(2)`: every byte goes out, or the write fails with an error saying why.
///
/// Foundation's `FileHandle.write(_:)` traps when the stream is full (`>/dev/full`),
/// closed (`>&-`) or a pipe whose reader went away; this never does. A failure is also
/// remembered (the first one wins, as C's `ferror`), so code that cannot handle an error
/// where it writes, such as a progress callback, can write and let ``Howdy/main(_:io:)``
/// turn the failure into an exit status at the end.
///
/// SIGPIPE must be ignored (``prepareProcessStreams()``) so that a closed pipe is the
/// error `EPIPE` rather than the death of the process.
public final class StandardOutput: @unchecked Sendable {
    // @unchecked: `failure` is guarded by `lock`; the descriptor and name never change.

    /// Why a write failed: the stream's name and the system's reason.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// "standard output" or "standard error".
        public var stream: String
        /// The `errno` of the failed `write(2)`.
        public var code: Int32

        /// A failure writing to `stream` with the `errno` `code`.
        public init(stream: String, code: Int32) {
            self.stream = stream
            self.code = code
        }

        /// "cannot write to standard output: No space left on device".
        public var description: String {
            "cannot write to \(stream): \(String(cString: strerror(code)))"
        }
    }

    /// File descriptor 1.
    public static let output = StandardOutput(fileDescriptor: STDOUT_FILENO, name: "standard output")
    /// File descriptor 2.
    public static let error = StandardOutput(fileDescriptor: STDERR_FILENO, name: "standard error")

    /// The descriptor written to.
    public let fileDescriptor: Int32
    /// The stream's name in messages.
    public let name: String
    private let lock = NSLock()
    private var firstFailure: Failure?

    /// A stream over an open descriptor the caller keeps open (tests use a pipe or a file).
    public init(fileDescriptor: Int32, name: String) {
        self.fileDescriptor = fileDescriptor
        self.name = name
    }

    /// The first write that failed, or nil when every write so far succeeded.
    public var failure: Failure? { lock.withLock { firstFailure } }

    /// Writes all of `text` as UTF-8, retrying short writes and `EINTR`. Writes of one
    /// call are not interleaved with other threads' writes to this stream.
    /// - Throws: ``Failure`` (also remembered in ``failure``); once a write has failed,
    ///   later writes fail at once with the same error, so output never resumes after a gap.
    public func write(_ text: String) throws(Failure) {
        var text = text
        if let failure = text.withUTF8({ writeAll(UnsafeRawBufferPointer($0)) }) { throw failure }
    }

    /// Writes all of `bytes` (UTF-8), as `write(_:)` writes a string's.
    public func write(utf8 bytes: UnsafeRawBufferPointer) throws(Failure) {
        if let failure = writeAll(bytes) { throw failure }
    }

    /// Writes all of `buffer`; the failure, new or remembered, if any.
    private func writeAll(_ buffer: UnsafeRawBufferPointer) -> Failure? {
        lock.withLock { () -> Failure? in
            if let firstFailure { return firstFailure }
            let code = { () -> Int32 in
                var offset = 0
                while offset < buffer.count {
                    let count = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if count < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    offset += count
                }
                return 0
            }()
            guard code != 0 else { return nil }
            firstFailure = Failure(stream: name, code: code)
            return firstFailure
        }
    }

    /// Writes `text`, remembering a failure in ``failure`` instead of throwing; returns
    /// whether the write succeeded.
    @discardableResult
    public func writeReportingFailure(_ text: String) -> Bool {
        do {
            try write(text)
            return true
        } catch {
            return false
        }
    }

    /// Writes `bytes` (UTF-8), remembering a failure in ``failure`` instead of throwing;
    /// returns whether the write succeeded.
    @discardableResult
    public func writeReportingFailure(utf8 bytes: UnsafeRawBufferPointer) -> Bool {
        do {
            try write(utf8: bytes)
            return true
        } catch {
            return false
        }
    }

    /// Makes the process's standard streams safe to write to; call once at start-up.
    ///
    /// - Ignores SIGPIPE: a write to a pipe whose reader has gone fails with `EPIPE`
    ///   (reported like any other write error) instead of killing the process.
    /// - Opens `/dev/null` read-only on any of descriptors 0, 1 and 2 that is closed
    ///   (`howdy … >&-`): otherwise the next file the process opens (an output image, the
    ///   store) would get that number and receive the messages meant for the stream.
    ///   Read-only, so that writing to a closed stream still fails (`EBADF`) and is
    ///   reported rather than silently discarded.
    public static func prepareProcessStreams() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
