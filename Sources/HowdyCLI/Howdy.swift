import Foundation

/// The `howdy` command line: dispatches to the subcommands.
public enum Howdy {
    /// Every subcommand, in the order `howdy --help` lists them.
    public static let commands: [any Command.Type] = [
        BalanceCommand.self,
        FlowCommand.self,
        RenderCommand.self,
        LintCommand.self,
        DiffCommand.self,
        ReviewCommand.self,
        GoldensCommand.self,
        SchemaCommand.self,
    ]

    /// The version `howdy --version` prints: `git describe --tags --always --dirty` of the
    /// checkout `scripts/install.sh` built (BuildVersion.generated.swift, not in git), or
    /// `0.1.0-dev` for a plain `swift build`.
    #if HOWDY_BUILD_VERSION
        public static let version = buildVersion
    #else
        public static let version = "0.1.0-dev"
    #endif

    /// Runs `howdy` with `arguments` (without the program name) and returns the exit code.
    ///
    /// Exit status: the command's (0 success, 1 a check failed), 2 for usage errors (the
    /// command's usage is printed), bad input, and for output that could not be written
    /// (a full disk, a closed stream or pipe) even when the command itself succeeded.
    public static func main(_ arguments: [String], io: CommandIO = .process) -> Int32 {
        let status = dispatch(arguments, io: io)
        guard let failure = io.outputFailure() else { return status }
        // Standard error may be the stream that failed; then this write fails too, quietly.
        io.writeError("howdy: \(failure)\n")
        return status == 0 || status == 1 ? 2 : status
    }

    private static func dispatch(_ arguments: [String], io: CommandIO) -> Int32 {
        if arguments.first == "help", arguments.count > 1 { return help(Array(arguments.dropFirst()), io: io) }
        guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
            if arguments.isEmpty {
                io.writeError(usage)
                return 2
            }
            io.write(usage)
            return 0
        }
        if name == "--version" || name == "-V" {
            io.write("howdy \(version)\n")
            return 0
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            io.writeError("howdy: unknown command '\(name)'\n\n" + usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        // `--help` as an option (not the value of one, not after `--`) prints the usage.
        if let end = rest.firstIndex(of: "--") ?? Optional(rest.endIndex),
            rest[..<end].contains(where: { $0 == "--help" || $0 == "-h" })
        {
            io.write(command.help)
            return 0
        }
        do {
            return try command.run(rest, io: io)
        } catch let error as CLIError {
            io.writeError("howdy \(name): \(error)\n")
            if case .usage = error { io.writeError("\n" + command.help) }
            return error.exitCode
        } catch {
            io.writeError("howdy \(name): \(error)\n")
            return 2
        }
    }

    /// `howdy help --man`, `howdy help --completion bash|zsh` and `howdy help COMMAND`.
    private static func help(_ arguments: [String], io: CommandIO) -> Int32 {
        switch arguments {
        case ["--man"]:
            io.write(ManPage.render(commands: commands, version: version))
            return 0
        case let words where words.count == 2 && words[0] == "--completion":
            guard let script = ShellCompletion.script(shell: words[1], commands: commands) else {
                io.writeError("howdy help: no completion for shell '\(words[1])' (bash, zsh)\n")
                return 2
            }
            io.write(script)
            return 0
        case let words where words.count == 1:
            guard let command = commands.first(where: { $0.name == words[0] }) else { break }
            io.write(command.help)
            return 0
        default: break
        }
        io.writeError("usage: howdy help [COMMAND | --man | --completion bash|zsh]\n")
        return 2
    }

    static var usage: String {
        var text = "usage: howdy <command> [options]\n\ncommands:\n"
        for command in commands {
            text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "\nRun 'howdy <command> --help' for a command's options, 'howdy help --man' for a man page,\n"
        text += "'howdy help --completion bash|zsh' for shell completion and 'howdy --version' for the version.\n"
        return text
    }
}
