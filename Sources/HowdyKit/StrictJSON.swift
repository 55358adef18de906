import Foundation
import HowdyJSON

/// A strict RFC 8259 JSON reader for spec files, with errors located by JSON path.
///
/// Foundation's readers accept what JSON does not (a trailing comma, a repeated key, whose
/// last value silently wins) and report a lone surrogate (`"\ud800"`) without saying where
/// it is. Specs are written by hand, so each of these is an error here, naming the JSON path
/// and the line and column: `render: trailing comma before "}" (line 12, column 3)`.
///
/// Also refused: invalid UTF-8, control characters inside strings, numbers outside
/// `Double`'s range (`1e400`), nesting deeper than ``maximumDepth``, and anything after
/// the value. A UTF-8 byte order mark at the start is skipped. The reading itself is
/// HowdyJSON's, the package's one JSON reader; this maps its byte offsets to a JSON
/// path, a line and a column (counted in Unicode scalars).
public enum StrictJSON {
    /// The deepest nesting of arrays and objects accepted: 128.
    public static let maximumDepth = 128

    /// The largest spec file read: 16 MiB (the bundled examples are under 10 KiB).
    public static let maximumFileBytes = 16 << 20

    /// The bytes of the spec file at `url`, its size checked before it is read.
    /// - Throws: ``SpecError`` at the root: one sentence naming the path and the reason
    ///   (no such file, a folder, permission denied, over ``maximumFileBytes``).
    public static func readFile(_ url: URL) throws(SpecError) -> Data {
        var info = stat()
        if stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > maximumFileBytes {
            throw SpecError(
                path: "",
                message: "\(url.path) is \(info.st_size) bytes; a spec file is at most \(maximumFileBytes) bytes")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw SpecError(path: "", message: FileProblem.message("read", url.path, error))
        }
    }

    /// Parses `data` as one JSON value.
    /// - Throws: ``SpecError`` with the JSON path of the problem (empty for the root).
    public static func parse(_ data: Data) throws(SpecError) -> JSONValue {
        try parse([UInt8](data), as: JSONValue.self)
    }

    /// Parses `bytes` as one JSON value of `type` with HowdyJSON's reader, at most
    /// ``maximumDepth`` deep, a byte order mark skipped.
    /// - Throws: ``SpecError`` at the JSON path of the problem, its line and column in
    ///   the message; "not valid JSON: " first unless the problem is a repeated key.
    package static func parse<Value: JSONBuilding>(_ bytes: [UInt8], as type: Value.Type) throws(SpecError) -> Value {
        do {
            return try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) -> Value in
                try JSONParser.parse(buffer, as: type, maximumDepth: maximumDepth, skipsByteOrderMark: true)
            }
        } catch {
            let location = JSONLocation(offset: error.offset, in: bytes)
            throw SpecError(path: location.path, message: "\(error.message) (\(location.text))")
        }
    }

    /// Reads `bytes` with HowdyJSON's reader and decodes `type` from the value read (one
    /// pass over the bytes, no Foundation decoder): for manifests, decisions and lists
    /// that are `Decodable`.
    /// - Throws: ``SpecError`` at the JSON path of the first problem, syntax or shape.
    package static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(SpecError) -> T {
        let value = try parse(bytes, as: JSON.self)
        do {
            return try JSONTreeDecoder.decode(type, from: value)
        } catch {
            throw SpecError.from(error)
        }
    }
}
