import HowdyKitUI

/// `howdy schema`: prints the flow spec's JSON Schema (draft 2020-12).
public enum SchemaCommand: Command {
    /// The subcommand's name on the command line.
    public static let name = "schema"
    /// One line for `howdy --help`.
    public static let summary = "print the JSON Schema (draft 2020-12) of flow spec files"
    /// What `howdy schema --help` prints.
    public static let help = """
        usage: howdy schema

        Prints the JSON Schema (draft 2020-12) of a flow spec to standard output. It is built
        from the key tables the spec reader checks, so both accept the same keys. Point an
        editor at it with a "$schema" key at the top of a spec ("$schema":
        "../docs/flow-spec.schema.json" in Examples/) for completion and checks as you type.

        exit status: 0, or 2 when the output cannot be written

        """

    /// Prints the schema; any argument is a usage error.
    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        guard arguments.isEmpty else { throw CLIError.usage("schema takes no arguments, got '\(arguments[0])'") }
        io.write(SpecSchema.json())
        return 0
    }
}
