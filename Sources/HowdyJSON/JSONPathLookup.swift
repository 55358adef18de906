extension JSON {
    /// The byte offset of the deepest value on `path` (as ``JSONPath`` writes paths:
    /// `steps[2].options[0].label`) that exists in this document: the value itself when it
    /// is there, else the nearest enclosing one (a missing key points at its object).
    /// A key that itself holds `.` or `[` is matched whole, longest key first.
    package func offset(ofPath path: String) -> Int {
        var node = self
        var rest = Substring(path)
        while !rest.isEmpty {
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
                    case .array(let elements) = node.value, elements.indices.contains(index)
                else { break }
                node = elements[index]
                rest = rest[rest.index(after: close)...]
            } else {
                if rest.first == "." { rest = rest.dropFirst() }
                guard case .object(let members) = node.value else { break }
                let match =
                    members
                    .filter { member in
                        rest.hasPrefix(member.key)
                            && (rest.count == member.key.count
                                || [".", "["].contains(rest[rest.index(rest.startIndex, offsetBy: member.key.count)]))
                    }
                    .max { $0.key.count < $1.key.count }
                guard let match else { break }
                node = match.value
                rest = rest.dropFirst(match.key.count)
            }
        }
        return node.offset
    }
}
