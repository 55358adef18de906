import Foundation

/// A parsed command line: `--name value` options, `--flag` switches and positionals.
///
/// Every command declares which option names take a value and which are switches;
/// anything else starting with `--` is a usage error (exit 2), so a typo never
/// silently changes what a command does. `--` ends option parsing.
public struct Arguments: Sendable {
    /// Option values by name (without `--`).
    public private(set) var options: [String: String] = [:]
    /// Switches given (names without `--`).
    public private(set) var switches: Set<String> = []
    /// Arguments that are neither options nor switches, in order.
    public private(set) var positionals: [String] = []
    /// Every value of each valued option, in order (`--actual A --actual B`).
    public private(set) var repeated: [String: [String]] = [:]

    /// Parses `arguments` (without the command name).
    /// - Throws: `CLIError.usage` for an unknown option or an option missing its value.
    public init(_ arguments: [String], options valued: Set<String>, switches known: Set<String>) throws {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if valued.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                    repeated[name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    options[name] = arguments[index]
                    repeated[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw CLIError.usage("--\(name) needs a value")
                }
            } else if known.contains(name), inlineValue == nil {
                switches.insert(name)
            } else {
                throw CLIError.usage("unknown option --\(name)")
            }
        }
    }

    /// True when the switch `name` was given.
    public func has(_ name: String) -> Bool { switches.contains(name) }

    /// Every value given for `--name`, in order; empty when absent.
    public func strings(_ name: String) -> [String] { repeated[name] ?? [] }

    /// The value of `--name`, or nil when absent.
    public func string(_ name: String) -> String? { options[name] }

    /// The value of `--name` as a file or folder path, or nil when absent.
    /// - Throws: `CLIError.usage` for an empty value (`--out ""`), which would otherwise
    ///   mean the current folder or no file at all.
    public func path(_ name: String) throws -> String? {
        guard let text = options[name] else { return nil }
        guard !text.isEmpty else { throw CLIError.usage("--\(name): expected a path, got an empty string") }
        return text
    }

    /// The value of `--name` as a finite number.
    /// - Throws: `CLIError.usage` naming the option when the value is not a finite number.
    public func double(_ name: String) throws -> Double? {
        guard let text = options[name] else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw CLIError.usage("--\(name): expected a finite number, got '\(text)'")
        }
        return value
    }

    /// The value of `--name` as an integer.
    /// - Throws: `CLIError.usage` naming the option when the value is not an integer.
    public func int(_ name: String) throws -> Int? {
        guard let text = options[name] else { return nil }
        guard let value = Int(text) else {
            throw CLIError.usage("--\(name): expected an integer, got '\(text)'")
        }
        return value
    }
}

/// Why a command stopped. The exit code follows the tool convention: 1 when the check
/// the user asked for failed, 2 for bad input or usage.
public enum CLIError: Error, CustomStringConvertible, Sendable {
    /// Bad arguments: exit 2.
    case usage(String)
    /// Bad input data (a file, a font, a spec): exit 2.
    case badInput(String)
    /// The requested check failed (images differ, contrast too low): exit 1.
    case checkFailed(String)

    /// The exit status for this error (2 for usage and input errors).
    public var exitCode: Int32 {
        switch self {
        case .usage, .badInput: 2
        case .checkFailed: 1
        }
    }

    /// A readable form for messages and logs.
    public var description: String {
        switch self {
        case .usage(let message), .badInput(let message), .checkFailed(let message): message
        }
    }
}
