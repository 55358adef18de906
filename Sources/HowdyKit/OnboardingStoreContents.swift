import Foundation

/// Everything a file-backed store holds: the records, the answers, and whatever else is in
/// the file that this version does not understand, kept so a rewrite never drops it.
///
/// The file is one JSON object:
///
/// ```json
/// {
///   "format": "howdy-onboarding-store",
///   "version": 1,
///   "records": { "com.example.app.welcome": true, "com.example.app.reqs.health": false },
///   "answers": { "goal": "a", "mins": 15 }
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

    /// Every Boolean record.
    public var records: [OnboardingStepID: Bool] = [:]
    /// Records whose value is not a Boolean, exactly as found.
    public var invalidRecords: [String: JSONValue] = [:]
    /// Every well-formed answer, by answer key.
    public var answers: [String: OnboardingAnswer] = [:]
    /// Answers that are neither a string nor a number, exactly as found.
    public var invalidAnswers: [String: JSONValue] = [:]
    /// Top-level keys other than format/version/records/answers, preserved on rewrite.
    public var otherKeys: [String: JSONValue] = [:]

    /// An empty store.
    public init() {}

    /// Sets or removes (`nil`) a record; replaces an invalid value found for the same ID.
    public mutating func setRecord(_ value: Bool?, for id: OnboardingStepID) {
        records[id] = value
        invalidRecords[id.rawValue] = nil
    }

    /// Sets or removes (`nil`) an answer; replaces an invalid value found for the same key.
    public mutating func setAnswer(_ answer: OnboardingAnswer?, for key: String) {
        answers[key] = answer
        invalidAnswers[key] = nil
    }

    /// One line per value that is kept but not understood, naming its JSON path, e.g.
    /// `records["com.example.a"]: expected true or false, got "yes"`. Sorted.
    public var problems: [String] {
        let records = invalidRecords.map { key, value in
            "records[\(JSONValue.string(key))]: expected true or false, got \(value)"
        }
        let answers = invalidAnswers.map { key, value in
            "answers[\(JSONValue.string(key))]: expected a string or a number, got \(value)"
        }
        return records.sorted() + answers.sorted()
    }

    // MARK: - JSON

    /// Parses a store file's bytes.
    /// - Throws: `Failure` describing why the bytes are not a store this version can read
    ///   (empty or truncated, not JSON, wrong shape, newer version).
    static func parse(_ data: Data) throws(Failure) -> OnboardingStoreContents {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw .corrupt("the file is empty")
        }
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .corrupt(JSONValue.syntaxProblem(in: data))
        }
        guard case .object(var object) = root else {
            throw .corrupt("expected a JSON object at the top level, got \(root.typeDescription)")
        }
        var contents = OnboardingStoreContents()
        if let format = object.removeValue(forKey: "format"), format != .string(Self.format) {
            throw .corrupt("format: expected \"\(Self.format)\", got \(format)")
        }
        if let version = object.removeValue(forKey: "version") {
            guard case .number(let number) = version else {
                throw .corrupt("version: expected a number, got \(version)")
            }
            if number > Double(Self.version) {
                throw .unsupportedVersion("version \(OnboardingAnswer.format(number)) is newer than this tool reads (\(Self.version))")
            }
        }
        switch object.removeValue(forKey: "records") {
        case nil: break
        case .object(let records)?:
            for (key, value) in records {
                if case .bool(let flag) = value {
                    contents.records[OnboardingStepID(key)] = flag
                } else {
                    contents.invalidRecords[key] = value
                }
            }
        case let other?:
            throw .corrupt("records: expected an object, got \(other.typeDescription)")
        }
        switch object.removeValue(forKey: "answers") {
        case nil: break
        case .object(let answers)?:
            for (key, value) in answers {
                switch value {
                case .string(let option): contents.answers[key] = .option(option)
                case .number(let number): contents.answers[key] = .number(number)
                default: contents.invalidAnswers[key] = value
                }
            }
        case let other?:
            throw .corrupt("answers: expected an object, got \(other.typeDescription)")
        }
        contents.otherKeys = object
        return contents
    }

    /// The file's bytes: pretty-printed with sorted keys, so diffs of a store stay readable.
    func serialized() -> Data {
        var records = invalidRecords
        for (id, value) in self.records { records[id.rawValue] = .bool(value) }
        var answers = invalidAnswers
        for (key, answer) in self.answers {
            switch answer {
            case .option(let id): answers[key] = .string(id)
            case .number(let number): answers[key] = .number(number)
            }
        }
        var object = otherKeys
        object["format"] = .string(Self.format)
        object["version"] = .number(Double(Self.version))
        object["records"] = .object(records)
        object["answers"] = .object(answers)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail except for non-finite numbers, which parse()
        // never produces and OnboardingAnswer callers are told not to pass.
        let data = (try? encoder.encode(JSONValue.object(object))) ?? Data("{}".utf8)
        return data + Data("\n".utf8)
    }

    enum Failure: Error {
        case corrupt(String)
        case unsupportedVersion(String)
    }
}
