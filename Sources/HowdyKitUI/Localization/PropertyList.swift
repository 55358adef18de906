import CPlist
import Foundation

/// A property list as libplist reads it (XML or binary `bplist00`), copied into Swift
/// values: what `.stringsdict` files and compiled binary `.strings` tables hold.
indirect enum PropertyList: Equatable {
    case string(String)
    case integer(UInt64)
    case real(Double)
    case bool(Bool)
    case array([PropertyList])
    case dictionary([String: PropertyList])
    /// Dates, data and UIDs: not used by string tables.
    case other

    /// What a message calls the value's type.
    var typeDescription: String {
        switch self {
        case .string: "a string"
        case .integer, .real: "a number"
        case .bool: "a Boolean"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .other: "a date or data"
        }
    }

    /// True for data libplist reads as binary (it starts `bplist00`).
    static func isBinary(_ data: Data) -> Bool { data.starts(with: Array("bplist00".utf8)) }

    /// Parses XML or binary plist bytes; nil when libplist cannot read them.
    /// Nesting deeper than 64 levels is refused (nil) rather than recursed into.
    static func parse(_ data: Data) -> PropertyList? {
        guard data.count <= UInt32.max else { return nil }
        let tree = PlistTree(data)
        guard let root = tree.root else { return nil }
        return convert(root, depth: 0)
    }

    private static func convert(_ node: plist_t, depth: Int) -> PropertyList? {
        guard depth < 64 else { return nil }
        switch plist_get_node_type(node) {
        case PLIST_STRING:
            var length: UInt64 = 0
            guard let pointer = plist_get_string_ptr(node, &length) else { return .string("") }
            let bytes = UnsafeRawBufferPointer(start: pointer, count: Int(length))
            return .string(String(decoding: bytes, as: UTF8.self))
        case PLIST_UINT:
            var value: UInt64 = 0
            plist_get_uint_val(node, &value)
            return .integer(value)
        case PLIST_REAL:
            var value = 0.0
            plist_get_real_val(node, &value)
            return .real(value)
        case PLIST_BOOLEAN:
            var value: UInt8 = 0
            plist_get_bool_val(node, &value)
            return .bool(value != 0)
        case PLIST_ARRAY:
            var items: [PropertyList] = []
            for index in 0..<plist_array_get_size(node) {
                guard let item = plist_array_get_item(node, index), let value = convert(item, depth: depth + 1) else {
                    return nil
                }
                items.append(value)
            }
            return .array(items)
        case PLIST_DICT:
            var result: [String: PropertyList] = [:]
            var iterator: plist_dict_iter?
            plist_dict_new_iter(node, &iterator)
            guard let iterator else { return nil }
            defer { free(iterator) }
            while true {
                var key: UnsafeMutablePointer<CChar>?
                var value: plist_t?
                plist_dict_next_item(node, iterator, &key, &value)
                guard let value else {
                    free(key)
                    break
                }
                let name = key.map { String(cString: $0) } ?? ""
                free(key)
                guard let converted = convert(value, depth: depth + 1) else { return nil }
                result[name] = converted
            }
            return .dictionary(result)
        default:
            return .other
        }
    }
}

/// One libplist tree, freed when this is released.
private final class PlistTree {
    let root: plist_t?

    init(_ data: Data) {
        var root: plist_t?
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            // Bytes viewed as C chars for the length of the call (same size and alignment).
            bytes.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress else { return }
                if PropertyList.isBinary(data) {
                    plist_from_bin(base, UInt32(chars.count), &root)
                } else {
                    plist_from_xml(base, UInt32(chars.count), &root)
                }
            }
        }
        self.root = root
    }

    deinit { if let root { plist_free(root) } }
}
