import Testing

@testable import HowdyCLI

@Suite("howdy help --man and --completion")
struct HelpOutputTests {
    @Test("the man page is roff with every command and its options")
    func manPage() throws {
        let result = try CommandHarness.run(["help", "--man"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix(".TH HOWDY 1 "))
        for command in Howdy.commands {
            #expect(result.output.contains(".B \(command.name)\n"), "\(command.name)")
        }
        #expect(result.output.contains("\\-\\-device"))
        // No line may start a roff request by accident.
        let requests = result.output.split(separator: "\n").filter { $0.hasPrefix(".") || $0.hasPrefix("'") }
        #expect(requests.allSatisfy { [".TH", ".SH", ".B", ".I", ".TP", ".nf", ".fi"].contains(String($0.prefix { $0 != " " })) })
    }

    @Test("the bash completion lists the commands and each command's options")
    func bashCompletion() throws {
        let result = try CommandHarness.run(["help", "--completion", "bash"])
        #expect(result.status == 0)
        #expect(result.output.contains("complete -o filenames -F _howdy howdy"))
        #expect(result.output.contains("render) options=\"--out --device"))
        #expect(result.output.contains("balance render lint") || result.output.contains("balance flow render"))
    }

    @Test("the zsh completion is a compdef for howdy")
    func zshCompletion() throws {
        let result = try CommandHarness.run(["help", "--completion", "zsh"])
        #expect(result.status == 0 && result.output.hasPrefix("#compdef howdy\n"))
    }

    @Test("an unknown shell or help topic is a usage error")
    func unknownTopic() throws {
        #expect(try CommandHarness.run(["help", "--completion", "fish"]).status == 2)
        #expect(try CommandHarness.run(["help", "--frobnicate"]).status == 2)
        #expect(try CommandHarness.run(["help", "render"]).output.hasPrefix("usage: howdy render"))
    }

    @Test("options are read from help text, each once, in order")
    func optionsFromHelp() {
        #expect(ShellCompletion.options(in: "--out DIR [--json] --out -- ---x --9") == ["--out", "--json"])
    }

    @Test("--version prints a version")
    func version() throws {
        let result = try CommandHarness.run(["--version"])
        #expect(result.output == "howdy \(Howdy.version)\n" && !Howdy.version.isEmpty)
    }
}
