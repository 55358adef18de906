import Foundation

/// Everything a file-backed store holds: the records, the answers, and whatever else is in
/// the file that this version does not understand, kept so a rewrite never drops it.
///
/// The file is one JSON object, keys sorted:
///
/// ```json
/// {
///   "answers": { "goal": "a", "mins": 15 },
///   "format": "howdy-onboarding-store",
///   "records": { "com.example.app.reqs.health": false, "com.example.app.welcome": true },
///   "version": 1
/// }
/// ```
///
/// A record that is not `true`/`false` (or an answer that is not a string or number) is
/// kept verbatim in ``invalidRecords`` / ``invalidAnswers`` and listed in ``problems``:
/// reported, never dropped. Writing a valid record for the same ID replaces it.
public struct OnboardingStoreContents: Equatable, Sendable {
    /// The `format` value written to every store file.
    public static let format = "howdy-onboarding-store"
    /// The newest file version this code reads and the one it writes.
    public static let version = 1

    // Records and answers are kept as key-sorted entries rather than dictionaries: the
    // whole store is parsed and rewritten on every write, and a file written sorted reads
    // back already in order, so a write costs one binary search instead of rebuilding and
    // re-sorting a dictionary.
    private var recordEntries = SortedEntries()
    private var answerEntries = SortedEntries()

    /// Top-level keys other than format/version/records/answers, preserved on rewrite.
    public var otherKeys: [String: JSONValue] = [:]

    /// An empty store.
    public init() {}

    // MARK: - Records

    /// The Boolean record for `id`, or `nil` (none, or a value that is not a Boolean).
    public func record(for id: OnboardingStepID) -> Bool? {
        if case .bool(let value)? = recordEntries[id.rawValue] { return value }
        return nil
    }

    /// Sets or removes (`nil`) a record; replaces an invalid value found for the same ID.
    public mutating func setRecord(_ value: Bool?, for id: OnboardingStepID) {
        recordEntries[id.rawValue] = value.map(JSONValue.bool)
    }

    /// Every Boolean record.
    public var records: [OnboardingStepID: Bool] {
        var records: [OnboardingStepID: Bool] = [:]
        for entry in recordEntries.entries {
            if case .bool(let value) = entry.value { records[OnboardingStepID(entry.key)] = value }
        }
        return records
    }

    /// Records whose value is not a Boolean, exactly as found.
    public var invalidRecords: [String: JSONValue] {
        var invalid: [String: JSONValue] = [:]
        for entry in recordEntries.entries {
            if case .bool = entry.value { continue }
            invalid[entry.key] = entry.value
        }
        return invalid
    }

    // MARK: - Answers

    /// The well-formed answer stored under `key`, or `nil`.
    public func answer(for key: String) -> OnboardingAnswer? {
        answerEntries[key].flatMap(Self.answer(from:))
    }

    /// Sets or removes (`nil`) an answer; replaces an invalid value found for the same key.
    /// A non-finite number is stored as `null` (JSON cannot spell it) and then reported.
    public mutating func setAnswer(_ answer: OnboardingAnswer?, for key: String) {
        switch answer {
        case .option(let id)?: answerEntries[key] = .string(id)
        case .number(let number)?: answerEntries[key] = number.isFinite ? .number(number) : .null
        case nil: answerEntries[key] = nil
        }
    }

    /// Every well-formed answer, by answer key.
    public var answers: [String: OnboardingAnswer] {
        var answers: [String: OnboardingAnswer] = [:]
        for entry in answerEntries.entries {
            if let answer = Self.answer(from: entry.value) { answers[entry.key] = answer }
        }
        return answers
    }

    /// Answers that are neither a string nor a number, exactly as found.
    public var invalidAnswers: [String: JSONValue] {
        var invalid: [String: JSONValue] = [:]
        for entry in answerEntries.entries where Self.answer(from: entry.value) == nil {
            invalid[entry.key] = entry.value
        }
        return invalid
    }

    private static func answer(from value: JSONValue) -> OnboardingAnswer? {
        switch value {
        case .string(let id): .option(id)
        case .number(let number): .number(number)
        default: nil
        }
    }

    /// One line per value that is kept but not understood, naming its JSON path, e.g.
    /// `records["com.example.a"]: expected true or false, got "yes"`. Records first, each
    /// group in key order.
    public var problems: [String] {
        var problems: [String] = []
        for entry in recordEntries.entries {
            if case .bool = entry.value { continue }
            problems.append("records[\(JSONValue.string(entry.key))]: expected true or false, got \(entry.value)")
        }
        for entry in answerEntries.entries where Self.answer(from: entry.value) == nil {
            problems.append("answers[\(JSONValue.string(entry.key))]: expected a string or a number, got \(entry.value)")
        }
        return problems
    }

    // MARK: - File text

    /// Parses a store file's bytes.
    /// - Throws: `Failure` describing why the bytes are not a store this version can read
    ///   (empty or truncated, not JSON, wrong shape, newer version).
    static func parse(_ data: Data) throws(Failure) -> OnboardingStoreContents {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw .corrupt("the file is empty")
        }
        let members: [(key: String, value: JSONText.Member)]
        do {
            guard let object = try JSONText.parseTwoLevels(data) else {
                let root = (try? JSONText.parse(data)) ?? .null
                throw Failure.corrupt("expected a JSON object at the top level, got \(root.typeDescription)")
            }
            members = object
        } catch let error as JSONText.SyntaxError {
            let truncated = error.offset >= data.count ? " (the file looks truncated)" : ""
            throw .corrupt("not valid JSON: \(error) of \(data.count)\(truncated)")
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .corrupt("\(error)")
        }

        var contents = OnboardingStoreContents()
        for (key, member) in members {
            switch (key, member) {
            case ("format", .value(let format)):
                guard format == .string(Self.format) else { throw .corrupt("format: expected \"\(Self.format)\", got \(format)") }
            case ("version", .value(let version)):
                guard case .number(let number) = version else { throw .corrupt("version: expected a number, got \(version)") }
                if number > Double(Self.version) {
                    throw .unsupportedVersion("version \(JSONText.format(number)) is newer than this tool reads (\(Self.version))")
                }
            case ("records", .object(let entries)):
                contents.recordEntries = SortedEntries(entries)
            case ("answers", .object(let entries)):
                contents.answerEntries = SortedEntries(entries)
            case ("format", .object), ("version", .object):
                throw .corrupt("\(key): expected a \(key == "format" ? "string" : "number"), got an object")
            case ("records", .value(let other)), ("answers", .value(let other)):
                throw .corrupt("\(key): expected an object, got \(other.typeDescription)")
            case (_, .value(let value)):
                contents.otherKeys[key] = value
            case (_, .object(let entries)):
                var object: [String: JSONValue] = [:]
                for (key, value) in entries { object[key] = value }
                contents.otherKeys[key] = .object(object)
            }
        }
        return contents
    }

    /// The file's bytes: pretty-printed, keys sorted, so a store stays readable and diffable.
    func serialized() -> Data {
        var top: [String: JSONValue] = otherKeys
        top["format"] = .string(Self.format)
        top["version"] = .number(Double(Self.version))
        top["records"] = .null  // placeholders: written from the sorted entries below
        top["answers"] = .null
        var output = "{"
        for (position, key) in top.keys.sorted().enumerated() {
            if position > 0 { output += "," }
            JSONText.newline(&output, pretty: true, indent: 1)
            JSONText.writeString(key, into: &output)
            output += ": "
            switch key {
            case "records": recordEntries.write(into: &output)
            case "answers": answerEntries.write(into: &output)
            default: JSONText.write(top[key]!, into: &output, pretty: true, indent: 1)
            }
        }
        output += "\n}\n"
        return Data(output.utf8)
    }

    enum Failure: Error {
        case corrupt(String)
        case unsupportedVersion(String)
    }
}

/// Key-value entries kept sorted by key (String order), keys unique.
private struct SortedEntries: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        var key: String
        var value: JSONValue
    }

    private(set) var entries: [Entry] = []

    init() {}

    /// From members in file order. Already sorted and unique (a file this code wrote) costs
    /// one pass; otherwise they are sorted, and for a repeated key the last one wins (as
    /// when the file is read into a dictionary).
    init(_ members: [(key: String, value: JSONValue)]) {
        entries.reserveCapacity(members.count)
        var sorted = true
        for (key, value) in members {
            if let last = entries.last, !(last.key < key) { sorted = false }
            entries.append(Entry(key: key, value: value))
        }
        guard !sorted else { return }
        var unique: [String: Int] = [:]
        for (position, entry) in entries.enumerated() { unique[entry.key] = position }
        entries = unique.values.sorted().map { entries[$0] }.sorted { $0.key < $1.key }
    }

    /// Binary search: the position of `key`, or where it would be inserted.
    private func position(of key: String) -> (index: Int, found: Bool) {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = entries[middle].key
            if candidate == key { return (middle, true) }
            if candidate < key { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    subscript(key: String) -> JSONValue? {
        get {
            let (index, found) = position(of: key)
            return found ? entries[index].value : nil
        }
        set {
            let (index, found) = position(of: key)
            switch (newValue, found) {
            case (let value?, true): entries[index].value = value
            case (let value?, false): entries.insert(Entry(key: key, value: value), at: index)
            case (nil, true): entries.remove(at: index)
            case (nil, false): break
            }
        }
    }

    /// Writes the entries as a pretty JSON object nested one level deep.
    func write(into output: inout String) {
        guard !entries.isEmpty else {
            output += "{}"
            return
        }
        output += "{"
        for (position, entry) in entries.enumerated() {
            if position > 0 { output += "," }
            JSONText.newline(&output, pretty: true, indent: 2)
            JSONText.writeString(entry.key, into: &output)
            output += ": "
            JSONText.write(entry.value, into: &output, pretty: true, indent: 2)
        }
        JSONText.newline(&output, pretty: true, indent: 1)
        output += "}"
    }
}
