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
    ]

    /// Runs `howdy` with `arguments` (without the program name) and returns the exit code.
    public static func main(_ arguments: [String], io: CommandIO = .process) -> Int32 {
        guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
            io.write(usage)
            return arguments.isEmpty ? 2 : 0
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            io.writeError("howdy: unknown command '\(name)'\n\n" + usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            io.write(command.help)
            return 0
        }
        do {
            return try command.run(rest, io: io)
        } catch let error as CLIError {
            io.writeError("howdy \(name): \(error)\n")
            return error.exitCode
        } catch {
            io.writeError("howdy \(name): \(error)\n")
            return 2
        }
    }

    static var usage: String {
        var text = "usage: howdy <command> [options]\n\ncommands:\n"
        for command in commands {
            text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "\nRun 'howdy <command> --help' for a command's options.\n"
        return text
    }
}
