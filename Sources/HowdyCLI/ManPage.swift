/// `howdy help --man`: a roff man page (section 1) built from the same help texts
/// `howdy --help` and `howdy <command> --help` print, so the two cannot drift.
enum ManPage {
    /// The page for `commands`; `version` goes in the footer.
    static func render(commands: [any Command.Type], version: String) -> String {
        var page = ".TH HOWDY 1 \"\" \"howdy \(escape(version))\" \"User Commands\"\n"
        page += ".SH NAME\nhowdy \\- render, balance and review onboarding screens\n"
        page += ".SH SYNOPSIS\n.B howdy\n.I command\n[options]\n"
        page += ".SH DESCRIPTION\n"
        page += "HowdyKit's command line: balanced text, screens rendered from JSON flow specs, "
            + "image diffs, lints and a review page for golden images.\n"
        page += ".SH COMMANDS\n"
        for command in commands {
            page += ".TP\n.B \(escape(command.name))\n\(escape(command.summary))\n"
        }
        for command in commands {
            page += ".SH \"HOWDY \(escape(command.name.uppercased()))\"\n.nf\n"
            page += command.help.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) }
                .joined(separator: "\n")
            page += "\n.fi\n"
        }
        page += ".SH ENVIRONMENT\n.TP\n.B HOWDY_FONTS_DIR\n"
            + "A folder searched first for bundled fonts (Inter-Bold.otf, ...).\n"
        page += ".SH \"EXIT STATUS\"\n0 success, 1 a check failed, 2 usage error or bad input.\n"
        return page
    }

    /// Text as roff: backslashes doubled, and a line that starts with `.` or `'` (a roff
    /// request) or `-` kept literal.
    static func escape(_ line: String) -> String {
        var text = line.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if text.hasPrefix(".") || text.hasPrefix("'") { text = "\\&" + text }
        return text
    }
}
