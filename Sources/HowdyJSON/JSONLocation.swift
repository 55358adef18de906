/// Where a byte offset is in a JSON text: its line and column, and the JSON path of the
/// value being read there, for messages such as `steps[2].title: ... (line 12, column 9)`.
///
/// Computed only when there is an error to report, by one scan of the bytes before the
/// offset (linear, and bounded in depth by what the reader accepted), so reading costs
/// nothing for it.
package struct JSONLocation: Sendable, Equatable {
    /// 1-based line (lines end at line feeds).
    package var line: Int
    /// 1-based column, counted in Unicode scalars (a multi-byte UTF-8 character is one
    /// column, as editors show it).
    package var column: Int
    /// The JSON path of the member or element being read at the offset; empty at the
    /// root, and the container's path between members (a trailing comma, a missing comma).
    package var path: String

    /// `line L, column C`.
    package var text: String { "line \(line), column \(column)" }

    /// The location of `offset` (clamped to the text) in `bytes`, a text ``JSONParser``
    /// read up to `offset`.
    package init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = max(0, min(offset, bytes.count))
        var line = 1
        // A byte order mark is not a column an editor shows.
        var lineStart = min(JSONParser.byteOrderMarkLength(bytes), end)
        for position in 0..<end where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        var column = 1
        for position in lineStart..<end where bytes[position] & 0xC0 != 0x80 { column += 1 }
        self.line = line
        self.column = column
        self.path = Self.path(at: end, in: bytes)
    }

    /// The location of `offset` in `bytes`.
    package init(offset: Int, in bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { JSONLocation(offset: offset, in: $0) }
    }

    /// One open container while scanning: an object's current key (from when it is read
    /// until its value ends), or an array's element index and whether that element is
    /// being read.
    private struct Frame {
        var isArray: Bool
        var index = 0
        var key: String? = nil
        var inValue: Bool
    }

    private static func path(at end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var stack: [Frame] = []
        var position = JSONParser.byteOrderMarkLength(bytes)
        /// The value that started at the scan position ends before `end`: its container
        /// is between members again.
        func completed(_ stack: inout [Frame]) {
            guard let last = stack.indices.last else { return }
            stack[last].inValue = false
            stack[last].key = nil
        }
        while position < end {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"):
                stack.append(Frame(isArray: false, inValue: false))
                position += 1
            case UInt8(ascii: "["):
                stack.append(Frame(isArray: true, inValue: true))
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                completed(&stack)
                position += 1
            case UInt8(ascii: ","):
                if let last = stack.indices.last {
                    if stack[last].isArray {
                        stack[last].index += 1
                        stack[last].inValue = true
                    } else {
                        stack[last].key = nil
                        stack[last].inValue = false
                    }
                }
                position += 1
            case UInt8(ascii: ":"):
                position += 1
            case UInt8(ascii: "\""):
                // The string's end, skipping escaped characters.
                var close = position + 1
                while close < bytes.count, bytes[close] != UInt8(ascii: "\"") {
                    close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard close < end else { return Self.render(stack) }  // the string being read
                if let last = stack.indices.last, !stack[last].isArray, stack[last].key == nil {
                    stack[last].key = decodedKey(bytes, from: position, to: close + 1)
                } else {
                    completed(&stack)
                }
                position = close + 1
            case 0x20, 0x09, 0x0A, 0x0D:
                position += 1
            default:
                // A number or a literal: its token ends at a delimiter.
                var tokenEnd = position
                while tokenEnd < bytes.count, !Self.isDelimiter(bytes[tokenEnd]) { tokenEnd += 1 }
                guard tokenEnd < end else { return Self.render(stack) }  // the token being read
                completed(&stack)
                position = tokenEnd
            }
        }
        // At a closing bracket, the problem is the container's (a trailing comma).
        if end < bytes.count, bytes[end] == UInt8(ascii: "}") || bytes[end] == UInt8(ascii: "]") {
            completed(&stack)
        }
        return Self.render(stack)
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "]"), UInt8(ascii: "}"),
            UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""):
            true
        default: false
        }
    }

    /// The key whose quoted text is `bytes[from..<to]`, decoded by the reader.
    private static func decodedKey(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> String {
        let quoted = UnsafeBufferPointer(rebasing: bytes[from..<to])
        // Only for an error's path: a key the reader had not finished (the error may sit in
        // it) is shown as its raw text instead.
        guard case .string(let key) = try? JSON.parse(quoted, maximumDepth: 1).value else {
            return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
        }
        return key
    }

    private static func render(_ stack: [Frame]) -> String {
        var path = ""
        for frame in stack {
            if frame.isArray {
                if frame.inValue { path = JSONPath.child(path, frame.index) }
            } else if let key = frame.key {
                path = JSONPath.child(path, key)
            }
        }
        return path
    }
}
