import Foundation
import HowdyKit

/// `howdy flow`: reads and writes a file-backed onboarding store for a flow spec.
///
/// All logic lives in HowdyKit (``FileOnboardingStorage``, ``OnboardingFlow``,
/// ``OnboardingFlowSpec``); this maps arguments to calls and results to text, JSON and
/// exit codes.
public enum FlowCommand: Command {
    public static let name = "flow"
    public static let summary = "show or change a flow's onboarding records in a store file"
    public static let help = """
        usage: howdy flow status --store FILE --spec SPEC.json [--json] [--check]
               howdy flow record STEP_ID true|false [--answer VALUE] --store FILE --spec SPEC.json [--json] [--recover]
               howdy flow clear STEP_ID --store FILE --spec SPEC.json [--json] [--recover]
               howdy flow reset --store FILE --spec SPEC.json [--json] [--recover]

        Every subcommand prints the flow's state afterwards: needsOnboarding, the next
        step, allRequiredSatisfied, every record of the spec's welcome and steps
        (true, false or none), the answers, records the spec does not know (kept, not
        dropped) and values in the store that are not understood (kept, reported).

          status     print the state only
          record     record STEP_ID (a step or the welcome) as true or false; with
                     --answer, also store the step's answer (an option ID for a
                     singleSelect step, a number inside the range for a commitment step)
          clear      remove STEP_ID's record and answer, so the step is offered again
          reset      remove the records and answers of the welcome and every step

        options:
          --store FILE   the store file (JSON; created on the first write)
          --spec FILE    the flow spec (JSON; the same file `howdy render` reads)
          --json         print the state as JSON instead of text
          --check        status only: exit 1 when onboarding is still needed
          --recover      if the store file is corrupt, move it aside to
                         FILE.corrupt-<time> (and say so) and start a new store;
                         without it a corrupt store is reported and left untouched

        testing:
          howdy flow write-loop --store FILE --prefix ID_PREFIX --count N
                     records ID_PREFIX.0 ... ID_PREFIX.<N-1> as true, one durable write
                     each, printing each index once its write returned; used by the
                     durability tests (kill -9 mid-loop, concurrent writers)

        Exit status: 0 success, 1 --check found onboarding needed, 2 bad usage or input
        (unreadable or invalid spec, corrupt store, unknown step ID).

        """

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        guard let subcommand = arguments.first else {
            throw CLIError.usage("expected a subcommand: status, record, clear or reset")
        }
        let rest = Array(arguments.dropFirst())
        switch subcommand {
        case "status":
            let args = try Arguments(rest, options: ["store", "spec"], switches: ["json", "check"])
            try expectPositionals(args, count: 0, usage: "status takes no positional arguments")
            let context = try Context(args)
            let contents = try context.load()
            let state = FlowState(spec: context.spec, contents: contents, storePath: context.store.url.path)
            io.write(args.has("json") ? state.json() : state.text())
            return args.has("check") && state.needsOnboarding ? 1 : 0
        case "record":
            let args = try Arguments(rest, options: ["store", "spec", "answer"], switches: ["json", "recover"])
            try expectPositionals(args, count: 2, usage: "record takes STEP_ID and true or false")
            let context = try Context(args)
            let id = try context.knownID(args.positionals[0])
            let value: Bool
            switch args.positionals[1] {
            case "true": value = true
            case "false": value = false
            default: throw CLIError.usage("record: expected true or false, got '\(args.positionals[1])'")
            }
            let answer = try args.string("answer").map { try context.answer($0, for: id) }
            try context.recoverIfAsked(args, io: io)
            let contents = try context.update { contents in
                contents.setRecord(value, for: id)
                if let answer, let step = context.spec.step(id) { contents.setAnswer(answer, for: step.answerKey) }
            }
            return finish(args, context: context, contents: contents, io: io)
        case "clear":
            let args = try Arguments(rest, options: ["store", "spec"], switches: ["json", "recover"])
            try expectPositionals(args, count: 1, usage: "clear takes STEP_ID")
            let context = try Context(args)
            let id = try context.knownID(args.positionals[0])
            try context.recoverIfAsked(args, io: io)
            let contents = try context.update { contents in
                contents.setRecord(nil, for: id)
                if let step = context.spec.step(id), step.kind.capturesAnswer {
                    contents.setAnswer(nil, for: step.answerKey)
                }
            }
            return finish(args, context: context, contents: contents, io: io)
        case "reset":
            let args = try Arguments(rest, options: ["store", "spec"], switches: ["json", "recover"])
            try expectPositionals(args, count: 0, usage: "reset takes no positional arguments")
            let context = try Context(args)
            try context.recoverIfAsked(args, io: io)
            let contents = try context.update { contents in
                for id in context.spec.allIDs { contents.setRecord(nil, for: id) }
                for step in context.spec.steps where step.kind.capturesAnswer {
                    contents.setAnswer(nil, for: step.answerKey)
                }
            }
            return finish(args, context: context, contents: contents, io: io)
        case "write-loop":
            return try writeLoop(rest, io: io)
        default:
            throw CLIError.usage("unknown subcommand '\(subcommand)': expected status, record, clear or reset")
        }
    }

    private static func finish(_ args: Arguments, context: Context, contents: OnboardingStoreContents, io: CommandIO)
        -> Int32
    {
        let state = FlowState(spec: context.spec, contents: contents, storePath: context.store.url.path)
        io.write(args.has("json") ? state.json() : state.text())
        return 0
    }

    private static func expectPositionals(_ args: Arguments, count: Int, usage: String) throws {
        guard args.positionals.count == count else { throw CLIError.usage(usage) }
    }

    /// Test aid: many small durable writes from one process, each acknowledged on stdout.
    private static func writeLoop(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let args = try Arguments(arguments, options: ["store", "prefix", "count"], switches: [])
        guard let path = args.string("store"), let prefix = args.string("prefix") else {
            throw CLIError.usage("write-loop needs --store and --prefix")
        }
        guard let count = try args.int("count"), count >= 0 else {
            throw CLIError.usage("write-loop needs --count N (N >= 0)")
        }
        let store = FileOnboardingStorage(url: URL(fileURLWithPath: path))
        for index in 0..<count {
            do {
                try store.write(true, for: OnboardingStepID("\(prefix).\(index)"))
            } catch {
                throw CLIError.badInput("\(error)")
            }
            io.write("\(index)\n")
        }
        return 0
    }

    /// The loaded spec and the store a subcommand works on.
    struct Context {
        let spec: OnboardingFlowSpec
        let store: FileOnboardingStorage

        init(_ args: Arguments) throws {
            guard let specPath = try args.path("spec") else { throw CLIError.usage("--spec SPEC.json is required") }
            guard let storePath = try args.path("store") else { throw CLIError.usage("--store FILE is required") }
            do {
                spec = try OnboardingFlowSpec.load(contentsOf: URL(fileURLWithPath: specPath))
            } catch {
                throw CLIError.badInput("\(specPath): \(error)")
            }
            store = FileOnboardingStorage(url: URL(fileURLWithPath: storePath))
        }

        func load() throws -> OnboardingStoreContents {
            do {
                return try store.load()
            } catch {
                throw CLIError.badInput("\(error)")
            }
        }

        /// Runs a read-modify-write under the store's lock; returns what was written.
        func update(_ change: (inout OnboardingStoreContents) -> Void) throws -> OnboardingStoreContents {
            do {
                return try store.update { contents in
                    change(&contents)
                    return contents
                }
            } catch let error as FileOnboardingStorageError where error.kind == .corrupt {
                throw CLIError.badInput("\(error) (pass --recover to move it aside and start a new store)")
            } catch {
                throw CLIError.badInput("\(error)")
            }
        }

        func recoverIfAsked(_ args: Arguments, io: CommandIO) throws {
            guard args.has("recover") else { return }
            do {
                if let moved = try store.moveCorruptFileAside() {
                    io.writeError(
                        "howdy flow: \(store.url.path) was corrupt (\(moved.reason)); moved it aside to \(moved.url.path) and started a new store\n"
                    )
                }
            } catch {
                throw CLIError.badInput("\(error)")
            }
        }

        func knownID(_ text: String) throws -> OnboardingStepID {
            let id = OnboardingStepID(text)
            guard spec.allIDs.contains(id) else {
                throw CLIError.badInput(
                    "unknown step ID '\(text)': the spec has \(spec.allIDs.map(\.rawValue).joined(separator: ", "))")
            }
            return id
        }

        func answer(_ text: String, for id: OnboardingStepID) throws -> OnboardingAnswer {
            guard let step = spec.step(id), step.kind.capturesAnswer else {
                throw CLIError.usage(
                    "--answer: step '\(id)' captures no answer (only singleSelect and commitment steps do)")
            }
            let answer: OnboardingAnswer
            if case .commitment = step.kind {
                guard let number = Double(text), number.isFinite else {
                    throw CLIError.badInput("--answer: expected a number for commitment step '\(id)', got '\(text)'")
                }
                answer = .number(number)
            } else {
                answer = .option(text)
            }
            if let problem = step.problem(with: answer) {
                throw CLIError.badInput("--answer: \(problem)")
            }
            return answer
        }
    }
}

/// What `howdy flow` prints: ``OnboardingFlowStatus`` as text or JSON, with the store's path.
struct FlowState {
    var storePath: String
    var status: OnboardingFlowStatus

    init(spec: OnboardingFlowSpec, contents: OnboardingStoreContents, storePath: String) {
        self.storePath = storePath
        status = OnboardingFlowStatus(spec: spec, contents: contents)
    }

    var needsOnboarding: Bool { status.needsOnboarding }

    func text() -> String {
        var text = "store: \(storePath)\n"
        text += "needsOnboarding: \(status.needsOnboarding)\n"
        text += "needsWelcome: \(status.needsWelcome)\n"
        text += "nextStep: \(status.nextStep?.rawValue ?? "none")\n"
        text += "allRequiredSatisfied: \(status.allRequiredSatisfied)\n"
        text += "records:\n"
        let width = status.entries.map(\.id.rawValue.count).max() ?? 0
        for entry in status.entries {
            var flags: [String] = [entry.role]
            if entry.isRequired { flags.append("required") }
            if !entry.isSkippable && entry.role != "welcome" { flags.append("not skippable") }
            let value = entry.value.map { "\($0)" } ?? "none"
            text +=
                "  \(entry.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0))  "
                + "\(value.padding(toLength: 5, withPad: " ", startingAt: 0))  \(flags.joined(separator: ", "))\n"
        }
        if !status.answers.isEmpty {
            text += "answers:\n"
            for answer in status.answers { text += "  \(answer.key): \(answer.answer)\n" }
        }
        if !status.unknownRecords.isEmpty {
            text += "records for IDs not in the spec (kept):\n"
            for record in status.unknownRecords { text += "  \(record.id.rawValue): \(record.value)\n" }
        }
        if !status.problems.isEmpty {
            text += "problems in the store (kept, not understood):\n"
            for problem in status.problems { text += "  \(problem)\n" }
        }
        return text
    }

    func json() -> String {
        guard case .object(var object) = status.json else { return "{}\n" }
        object["store"] = .string(storePath)
        return JSONValue.object(object).jsonText(pretty: true) + "\n"
    }
}
