import Foundation

/// Everything a file-backed store holds: the records, the answers, and whatever else is in
/// the file that this version does not understand, kept so a rewrite never drops it.
///
/// The file is one JSON object, read by Foundation's `JSONSerialization` and written by its
/// `JSONEncoder` (see ``JSONValue``), pretty-printed with keys sorted so a store stays
/// readable and diffable:
///
/// ```json
/// {
///   "answers" : {
///     "goal" : "a",
///     "mins" : 15
///   },
///   "format" : "howdy-onboarding-store",
///   "records" : {
///     "com.example.app.reqs.health" : false,
///     "com.example.app.welcome" : true
///   },
///   "version" : 1
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

    /// Every record and answer as found, valid or not, by step ID / answer key.
    private var recordValues: [String: JSONValue] = [:]
    private var answerValues: [String: JSONValue] = [:]

    /// Top-level keys other than format/version/records/answers, preserved on rewrite.
    public var otherKeys: [String: JSONValue] = [:]

    /// An empty store.
    public init() {}

    // MARK: - Records

    /// The Boolean record for `id`, or `nil` (none, or a value that is not a Boolean).
    public func record(for id: OnboardingStepID) -> Bool? {
        if case .bool(let value)? = recordValues[id.rawValue] { return value }
        return nil
    }

    /// Sets or removes (`nil`) a record; replaces an invalid value found for the same ID.
    public mutating func setRecord(_ value: Bool?, for id: OnboardingStepID) {
        recordValues[id.rawValue] = value.map(JSONValue.bool)
    }

    /// Every Boolean record.
    public var records: [OnboardingStepID: Bool] {
        var records: [OnboardingStepID: Bool] = [:]
        for (key, value) in recordValues {
            if case .bool(let flag) = value { records[OnboardingStepID(key)] = flag }
        }
        return records
    }

    /// Records whose value is not a Boolean, exactly as found.
    public var invalidRecords: [String: JSONValue] {
        recordValues.filter { entry in
            if case .bool = entry.value { return false }
            return true
        }
    }

    // MARK: - Answers

    /// The well-formed answer stored under `key`, or `nil`.
    public func answer(for key: String) -> OnboardingAnswer? {
        answerValues[key].flatMap(Self.answer(from:))
    }

    /// Sets or removes (`nil`) an answer; replaces an invalid value found for the same key.
    /// A non-finite number is stored as `null` (JSON cannot spell it) and then reported.
    public mutating func setAnswer(_ answer: OnboardingAnswer?, for key: String) {
        switch answer {
        case .option(let id)?: answerValues[key] = .string(id)
        case .number(let number)?: answerValues[key] = number.isFinite ? .number(number) : .null
        case nil: answerValues[key] = nil
        }
    }

    /// Every well-formed answer, by answer key.
    public var answers: [String: OnboardingAnswer] {
        answerValues.compactMapValues(Self.answer(from:))
    }

    /// Answers that are neither a string nor a number, exactly as found.
    public var invalidAnswers: [String: JSONValue] {
        answerValues.filter { Self.answer(from: $0.value) == nil }
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
        for (key, value) in invalidRecords.sorted(by: { $0.key < $1.key }) {
            problems.append("records[\(JSONValue.string(key))]: expected true or false, got \(value)")
        }
        for (key, value) in invalidAnswers.sorted(by: { $0.key < $1.key }) {
            problems.append("answers[\(JSONValue.string(key))]: expected a string or a number, got \(value)")
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
        let root: JSONValue
        do {
            root = try JSONValue(parsing: data)
        } catch let error as JSONValue.SyntaxError {
            let truncated = error.isTruncated ? "; the file looks truncated" : ""
            throw .corrupt("not valid JSON: \(error.detail) (\(error.byteCount) bytes\(truncated))")
        } catch {
            throw .corrupt("\(error)")
        }
        guard case .object(var members) = root else {
            throw .corrupt("expected a JSON object at the top level, got \(root.typeDescription)")
        }

        // Checked in a fixed order (not the file's), so a file with several problems always
        // gets the same message; the version before the shape of records and answers, which
        // a newer version may have changed.
        if let format = members.removeValue(forKey: "format") {
            if case .object = format { throw .corrupt("format: expected a string, got an object") }
            guard format == .string(Self.format) else {
                throw .corrupt("format: expected \"\(Self.format)\", got \(format)")
            }
        }
        if let version = members.removeValue(forKey: "version") {
            if case .object = version { throw .corrupt("version: expected a number, got an object") }
            guard case .number(let number) = version else {
                throw .corrupt("version: expected a number, got \(version)")
            }
            if number > Double(Self.version) {
                throw .unsupportedVersion("version \(version) is newer than this tool reads (\(Self.version))")
            }
        }
        var contents = OnboardingStoreContents()
        for key in ["records", "answers"] {
            guard let value = members.removeValue(forKey: key) else { continue }
            guard case .object(let entries) = value else {
                throw .corrupt("\(key): expected an object, got \(value.typeDescription)")
            }
            if key == "records" { contents.recordValues = entries } else { contents.answerValues = entries }
        }
        contents.otherKeys = members
        return contents
    }

    /// The file's bytes: pretty-printed, keys sorted, ending in a newline.
    func serialized() -> Data {
        var top = otherKeys
        top["format"] = .string(Self.format)
        top["version"] = .number(Double(Self.version))
        top["records"] = .object(recordValues)
        top["answers"] = .object(answerValues)
        return JSONValue.object(top).jsonData(pretty: true) + Data("\n".utf8)
    }

    enum Failure: Error {
        case corrupt(String)
        case unsupportedVersion(String)
    }
}
