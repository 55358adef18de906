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
public struct CommandIO: Sendable {
    /// Standard input, opened when a command reads it.
    public var standardInput: @Sendable () -> FileHandle
    /// Writes to standard output.
    public var write: @Sendable (String) -> Void
    /// Writes to standard error.
    public var writeError: @Sendable (String) -> Void

    /// I/O over the given handles (default: the process's own).
    public init(
        standardInput: @escaping @Sendable () -> FileHandle,
        write: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void
    ) {
        self.standardInput = standardInput
        self.write = write
        self.writeError = writeError
    }

    /// The process's own standard streams.
    public static let process = CommandIO(
        standardInput: { FileHandle.standardInput },
        write: { FileHandle.standardOutput.write(Data($0.utf8)) },
        writeError: { FileHandle.standardError.write(Data($0.utf8)) }
    )
}
