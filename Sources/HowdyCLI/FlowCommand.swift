import Foundation
import HowdyKit
import HowdyKitUI

/// `howdy flow`: reads and writes a file-backed onboarding store for a flow spec.
///
/// All logic lives in HowdyKit (``FileOnboardingStorage``, ``OnboardingFlow``,
/// ``OnboardingFlowSpec``); this maps arguments to calls and results to text, JSON and
/// exit codes.
public enum FlowCommand: Command {
    /// The subcommand's name on the command line.
    public static let name = "flow"
    /// One line for `howdy --help`.
    public static let summary = "show or change a flow's onboarding records in a store file"
    /// What `howdy NAME --help` prints.
    public static let help = """
        usage: howdy flow status --store FILE --spec SPEC.json [--app-version X] [--json] [--check]
               howdy flow record STEP_ID true|false [--answer VALUE] --store FILE --spec SPEC.json
                                 [--app-version X] [--analytics FILE] [--json] [--recover]
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
          --app-version X
                         the app's version (2.1.0). status: decide what the spec's
                         "whatsNew" pages show at X and say why (update kind from the
                         completed version, the policy, fresh install); the flow is
                         then the one a launch at X runs. record: when the write
                         completes that flow, also store the completed version
          --analytics FILE
                         record only: append the analytics events the write implies
                         (answered/skipped; permissionRequested/Granted/Denied for a
                         permission step; finished when it completes the flow) to FILE,
                         one JSON object per line, locked, synced; each event carries
                         the step's "key" when it has one; appended under the
                         store's lock before the store is written (a failed append
                         records nothing)
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

    /// Runs the subcommand with `arguments` (those after its name) and returns the exit status.
    /// - Throws: `CLIError` for bad usage or bad input (exit 2).
    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        guard let subcommand = arguments.first else {
            throw CLIError.usage("expected a subcommand: status, record, clear or reset")
        }
        let rest = Array(arguments.dropFirst())
        switch subcommand {
        case "status":
            let args = try Arguments(rest, options: ["store", "spec", "app-version"], switches: ["json", "check"])
            try expectPositionals(args, count: 0, usage: "status takes no positional arguments")
            let context = try Context(args)
            let appVersion = try Self.appVersion(args)
            let contents = try context.load()
            let state = FlowState(
                spec: context.spec, contents: contents, storePath: context.store.url.path, appVersion: appVersion)
            io.write(args.has("json") ? state.json() : state.text())
            return args.has("check") && state.needsOnboarding ? 1 : 0
        case "record":
            let args = try Arguments(
                rest, options: ["store", "spec", "answer", "app-version", "analytics"], switches: ["json", "recover"])
            try expectPositionals(args, count: 2, usage: "record takes STEP_ID and true or false")
            let context = try Context(args)
            let appVersion = try Self.appVersion(args)
            if appVersion != nil { try context.requireReleaseNotes() }
            let id = try context.knownID(args.positionals[0])
            let value: Bool
            switch args.positionals[1] {
            case "true": value = true
            case "false": value = false
            default: throw CLIError.usage("record: expected true or false, got '\(args.positionals[1])'")
            }
            let answer = try args.string("answer").map { try context.answer($0, for: id) }
            let analytics = try args.string("analytics").map(Self.analyticsFile)
            try context.recoverIfAsked(args, io: io)
            var appendFailure: (any Error)?
            let contents = try context.update { contents in
                let before = contents
                try contents.record(value, answer: answer, for: id, in: context.spec)
                if let appVersion {
                    context.spec.recordCompletionIfFinished(at: appVersion, before: before, after: &contents)
                }
                guard let analytics else { return }
                // Appended under the store's lock, so concurrent writers' events keep the
                // order of their records; when the append fails, nothing is recorded.
                let events = context.spec.eventsImplied(
                    byRecording: value, answer: answer, for: id, before: before, after: contents,
                    appVersion: appVersion)
                let now = Date()
                do {
                    try analytics.append(
                        events.map { JSONLinesAnalyticsSink.line(for: $0, at: now).trimmingCharacters(in: .newlines) })
                } catch {
                    appendFailure = error
                    contents = before
                }
            }
            if let appendFailure {
                throw CLIError.badInput("--analytics: \(appendFailure); nothing was recorded")
            }
            return finish(args, context: context, contents: contents, io: io, appVersion: appVersion)
        case "clear":
            let args = try Arguments(rest, options: ["store", "spec"], switches: ["json", "recover"])
            try expectPositionals(args, count: 1, usage: "clear takes STEP_ID")
            let context = try Context(args)
            let id = try context.knownID(args.positionals[0])
            try context.recoverIfAsked(args, io: io)
            let contents = try context.update { $0.apply(context.spec.clearance(of: id)) }
            return finish(args, context: context, contents: contents, io: io)
        case "reset":
            let args = try Arguments(rest, options: ["store", "spec"], switches: ["json", "recover"])
            try expectPositionals(args, count: 0, usage: "reset takes no positional arguments")
            let context = try Context(args)
            try context.recoverIfAsked(args, io: io)
            let contents = try context.update { $0.apply(context.spec.resetClearance) }
            return finish(args, context: context, contents: contents, io: io)
        case "write-loop":
            return try writeLoop(rest, io: io)
        default:
            throw CLIError.usage("unknown subcommand '\(subcommand)': expected status, record, clear or reset")
        }
    }

    private static func finish(
        _ args: Arguments, context: Context, contents: OnboardingStoreContents, io: CommandIO,
        appVersion: AppVersion? = nil
    ) -> Int32 {
        let state = FlowState(
            spec: context.spec, contents: contents, storePath: context.store.url.path, appVersion: appVersion)
        io.write(args.has("json") ? state.json() : state.text())
        return 0
    }

    /// `--app-version`, parsed.
    private static func appVersion(_ args: Arguments) throws -> AppVersion? {
        guard let text = args.string("app-version") else { return nil }
        guard let version = AppVersion(text) else {
            throw CLIError.usage("--app-version: expected a version like 2.1.0 (dot-separated numbers), got '\(text)'")
        }
        return version
    }

    /// `--analytics FILE`, checked before anything is written so a bad path changes nothing.
    private static func analyticsFile(_ path: String) throws -> JSONLinesFile {
        let file = JSONLinesFile(url: URL(fileURLWithPath: path))
        do {
            try file.checkWritable()
        } catch {
            throw CLIError.badInput("--analytics: \(error)")
        }
        return file
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
                // Through the UI layer's reading: every key of the file checked, as `render` does.
                spec = try FlowDocument.loadFlow(contentsOf: URL(fileURLWithPath: specPath))
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
        func update(_ change: (inout OnboardingStoreContents) throws -> Void) throws -> OnboardingStoreContents {
            do {
                return try store.update { contents in
                    try change(&contents)
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

        /// `record --app-version` needs the spec's `whatsNew` section: it says where the
        /// completed version goes.
        func requireReleaseNotes() throws {
            guard spec.releaseNotes != nil else {
                throw CLIError.usage(
                    "--app-version: the spec has no \"whatsNew\" section, so there is no completed version to record")
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

        /// The answer `text` stands for in step `id` (HowdyKit parses and checks it).
        func answer(_ text: String, for id: OnboardingStepID) throws -> OnboardingAnswer {
            guard let step = spec.step(id), step.kind.capturesAnswer else {
                throw CLIError.usage(
                    "--answer: step '\(id)' captures no answer (only singleSelect and commitment steps do)")
            }
            do {
                return try step.answer(parsing: text)
            } catch {
                throw CLIError.badInput("--answer: \(error.reason)")
            }
        }
    }
}

/// What `howdy flow` prints: ``OnboardingFlowStatus`` as text or JSON, with the store's path.
struct FlowState {
    var storePath: String
    var status: OnboardingFlowStatus

    /// Set when `--app-version` was given.
    var appVersion: AppVersion?
    /// Whether the spec has a `whatsNew` section.
    var hasReleaseNotes: Bool

    init(spec: OnboardingFlowSpec, contents: OnboardingStoreContents, storePath: String, appVersion: AppVersion? = nil)
    {
        self.storePath = storePath
        self.appVersion = appVersion
        hasReleaseNotes = spec.releaseNotes != nil
        status = OnboardingFlowStatus(spec: spec, contents: contents, appVersion: appVersion)
    }

    var needsOnboarding: Bool { status.needsOnboarding }

    func text() -> String {
        var text = "store: \(storePath)\n"
        if let appVersion {
            text += "appVersion: \(appVersion)\n"
            if let decision = status.releaseDecision {
                text += "completedVersion: \(decision.completedVersion?.description ?? "none")\n"
                text += "whatsNew: \(decision.explanation)\n"
            } else if !hasReleaseNotes {
                text += "whatsNew: none (the spec has no \"whatsNew\" section)\n"
            }
        }
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
            if let version = entry.releaseVersion {
                flags.append("what's new in \(version)" + (entry.isInFlow ? "" : ", not shown"))
            }
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
        if let appVersion {
            // Asked about a version: say so, and give whatsNew as null when the spec has none.
            object["appVersion"] = .string(appVersion.description)
            if object["whatsNew"] == nil { object["whatsNew"] = .null }
        }
        return JSONValue.object(object).jsonText(pretty: true) + "\n"
    }
}
