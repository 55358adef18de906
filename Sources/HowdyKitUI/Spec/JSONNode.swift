import HowdyKit
import HowdyText

/// A JSON value with its path in the document, for reading the UI parts of a flow spec
/// with errors that name where the problem is (`steps[2].options[0].label: expected a string`).
struct JSONNode {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.path = path
    }

    func error(_ message: String) -> SpecError { SpecError(path: path, message: message) }

    private func expected(_ what: String) -> SpecError {
        error("expected \(what), got \(value.typeDescription)")
    }

    var isNull: Bool { if case .null = value { return true } else { return false } }

    func object() throws(SpecError) -> [String: JSONValue] {
        guard case .object(let object) = value else { throw expected("an object") }
        return object
    }

    func array() throws(SpecError) -> [JSONNode] {
        guard case .array(let items) = value else { throw expected("an array") }
        return items.enumerated().map { JSONNode($0.element, path: SpecError.child(path, $0.offset)) }
    }

    func string() throws(SpecError) -> String {
        guard case .string(let text) = value else { throw expected("a string") }
        return text
    }

    func number() throws(SpecError) -> Double {
        guard case .number(let number) = value, number.isFinite else { throw expected("a number") }
        return number
    }

    func bool() throws(SpecError) -> Bool {
        guard case .bool(let flag) = value else { throw expected("true or false") }
        return flag
    }

    /// The member `key` of an object node, or nil when absent or null.
    func child(_ key: String) throws(SpecError) -> JSONNode? {
        let object = try object()
        guard let member = object[key] else { return nil }
        if case .null = member { return nil }
        return JSONNode(member, path: SpecError.child(path, key))
    }

    /// The member `key`, which must be present.
    func required(_ key: String) throws(SpecError) -> JSONNode {
        guard let node = try child(key) else {
            throw SpecError(path: SpecError.child(path, key), message: "required key is missing")
        }
        return node
    }

    func string(_ key: String) throws(SpecError) -> String? { try child(key)?.string() }
    func number(_ key: String) throws(SpecError) -> Double? { try child(key)?.number() }
    func bool(_ key: String) throws(SpecError) -> Bool? { try child(key)?.bool() }

    /// Fails on the first key (in sorted order) not in `allowed`, naming it with the
    /// nearest allowed key when one is close: a typo such as `primry` is an error
    /// (`theme.primry: unknown key; did you mean "primary"?`) rather than silently ignored.
    /// - Parameter owner: what the object is, for the message ("a feature step"); nil
    ///   leaves it out.
    func allowKeys(_ allowed: [String], owner: String? = nil) throws(SpecError) {
        for key in try object().keys.sorted() where !allowed.contains(key) {
            let what = owner.map { "unknown key for \($0)" } ?? "unknown key"
            let message =
                if let suggestion = NameSuggestion.nearest(to: key, among: allowed) {
                    "\(what); did you mean \"\(suggestion)\"?"
                } else {
                    "\(what) (expected \(allowed.joined(separator: ", ")))"
                }
            throw SpecError(path: SpecError.child(path, key), message: message)
        }
    }

    /// An array member of strings.
    func strings(_ key: String) throws(SpecError) -> [String]? {
        guard let node = try child(key) else { return nil }
        var result: [String] = []
        for item in try node.array() { result.append(try item.string()) }
        return result
    }
}

/// A number as spec messages and file names write it: HowdyKit's `NumberText.format`.
func formatNumber(_ value: Double) -> String { NumberText.format(value) }

extension JSONNode {
    /// An icon name that must exist in the icon font.
    func icon() throws(SpecError) -> Icon {
        let name = try string()
        let known: Bool
        do {
            known = try Icon.isKnown(name)
        } catch {
            throw self.error("icon \"\(name)\": the icon font \(Icon.fontName) cannot be loaded (\(error))")
        }
        guard known else {
            throw error(
                "unknown icon \"\(name)\" (expected a Material Icons name such as notifications, favorite, check_circle, or a mapped SF Symbol name such as bell.badge.fill)"
            )
        }
        return Icon(name)
    }
}
