import Foundation

/// One `howdy` subcommand. Commands are thin: they parse arguments, call the
/// libraries and map results to output and exit codes.
public protocol Command: Sendable {
    /// The word after `howdy` (`balance`, `render`, ...).
    static var name: String { get }
    /// One line for `howdy --help`.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// Runs the command; returns the exit code. Throws `CLIError` for usage and input errors.
    static func run(_ arguments: [String], io: CommandIO) throws -> Int32
}

/// Where a command reads and writes, so tests can drive commands in-process.
///
/// `write` and `writeError` never trap and never throw: a failed write is remembered by
/// the stream (see ``StandardOutput``) and reported by `outputFailure`, which
/// ``Howdy/main(_:io:)`` checks when the command ends, so a command's result (a record
/// already written, an image) stands and the exit status still says the output was lost.
public struct CommandIO: Sendable {
    /// Standard input, opened when a command reads it.
    public var standardInput: @Sendable () -> FileHandle
    /// Writes to standard output.
    public var write: @Sendable (String) -> Void
    /// Writes UTF-8 bytes to standard output (what `write` writes, without a `String`
    /// made of them first: `howdy balance --jsonl` answers).
    public var writeUTF8: @Sendable (UnsafeRawBufferPointer) -> Void
    /// Writes to standard error.
    public var writeError: @Sendable (String) -> Void
    /// The first failed write to either stream, as a message ("cannot write to standard
    /// output: No space left on device"), or nil when every write succeeded.
    public var outputFailure: @Sendable () -> String?

    /// I/O over the given handles (default: the process's own). Without `writeUTF8`,
    /// bytes go to `write` as a `String`.
    public init(
        standardInput: @escaping @Sendable () -> FileHandle,
        write: @escaping @Sendable (String) -> Void,
        writeUTF8: (@Sendable (UnsafeRawBufferPointer) -> Void)? = nil,
        writeError: @escaping @Sendable (String) -> Void,
        outputFailure: @escaping @Sendable () -> String? = { nil }
    ) {
        self.standardInput = standardInput
        self.write = write
        self.writeUTF8 = writeUTF8 ?? { write(String(decoding: $0, as: UTF8.self)) }
        self.writeError = writeError
        self.outputFailure = outputFailure
    }

    /// Whether a write has failed: a command producing a long stream stops early then.
    public var hasOutputFailed: Bool { outputFailure() != nil }

    /// The process's own standard streams, through ``StandardOutput``.
    public static let process = CommandIO(
        standardInput: { FileHandle.standardInput },
        write: { StandardOutput.output.writeReportingFailure($0) },
        writeUTF8: { StandardOutput.output.writeReportingFailure(utf8: $0) },
        writeError: { StandardOutput.error.writeReportingFailure($0) },
        outputFailure: { (StandardOutput.output.failure ?? StandardOutput.error.failure)?.description }
    )
}
