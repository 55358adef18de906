/// An `Encoder` writing through the one writer (``JSONTextWriter``), in place of
/// Foundation's `JSONEncoder`: keys sorted in `String` order, slashes not escaped, and
/// (pretty) two-space indents with `"key" : value` — byte for byte what `JSONEncoder` wrote
/// with `[.sortedKeys, .withoutEscapingSlashes]` (plus `.prettyPrinted`), so manifests,
/// lists and outputs keep their bytes.
///
/// Numbers keep exact text: an integer as its digits (no `Double` rounding past 2^53), a
/// `Float` as its own shortest form; a non-finite number becomes `null`. No Foundation:
/// a type with a `URL` or `Data` member encodes it as that type's own `Encodable` says
/// (none of this package's encoded types has one).
package enum JSONTreeEncoder {
    /// `value` as UTF-8 JSON text; `pretty` as described on the type.
    package static func encode<T: Encodable>(_ value: T, pretty: Bool) throws -> [UInt8] {
        try json(value).bytes(pretty: pretty)
    }

    /// `value` as a ``JSON`` value, object keys sorted.
    package static func json<T: Encodable>(_ value: T) throws -> JSON {
        let root = Slot()
        try Writer(slot: root, codingPath: []).encodeValue(value)
        return root.json
    }

    /// One value being built: a leaf, or a container filled in by nested encoders (a
    /// class, so a nested container writes into its parent; members are added in place).
    final class Slot {
        enum Kind { case empty, leaf, object, array }
        var kind = Kind.empty
        var leaf = JSON(.null)
        var members: [String: Slot] = [:]
        var items: [Slot] = []

        /// The value, object keys sorted in `String` order.
        var json: JSON {
            switch kind {
            case .empty: JSON(.object([]))
            case .leaf: leaf
            case .object:
                JSON(.object(members.sorted { $0.key < $1.key }.map { JSON.Member(key: $0.key, value: $0.value.json) }))
            case .array: JSON(.array(items.map(\.json)))
            }
        }

        func set(_ value: JSON) {
            kind = .leaf
            leaf = value
        }

        func member(_ key: String) -> Slot {
            kind = .object
            if let slot = members[key] { return slot }
            let slot = Slot()
            members[key] = slot
            return slot
        }

        func append() -> Slot {
            kind = .array
            let slot = Slot()
            items.append(slot)
            return slot
        }
    }

    struct Writer: Encoder {
        let slot: Slot
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if slot.kind != .object { slot.kind = .object }
            return KeyedEncodingContainer(Keyed<Key>(slot: slot, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if slot.kind != .array { slot.kind = .array }
            return Unkeyed(slot: slot, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(writer: self) }

        func encodeValue<T: Encodable>(_ value: T) throws {
            if let number = value as? Float {
                slot.set(Self.number(number))
            } else {
                try value.encode(to: self)
            }
        }

        static func number(_ value: Float) -> JSON {
            guard value.isFinite else { return JSON(.null) }
            if value == value.rounded(), abs(value) < 1e15 { return JSON.number(Double(value)) }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            return JSON(.number(Double(value), text: text))
        }

        static func integer<T: BinaryInteger>(_ value: T) -> JSON {
            JSON(.number(Double(value), text: String(value)))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let slot: Slot
        let codingPath: [any CodingKey]

        func writer(_ key: Key) -> Writer { Writer(slot: slot.member(key.stringValue), codingPath: codingPath + [key]) }

        mutating func encodeNil(forKey key: Key) { writer(key).slot.set(JSON(.null)) }
        mutating func encode(_ value: Bool, forKey key: Key) { writer(key).slot.set(JSON(.bool(value))) }
        mutating func encode(_ value: String, forKey key: Key) { writer(key).slot.set(JSON(.string(value))) }
        mutating func encode(_ value: Double, forKey key: Key) { writer(key).slot.set(JSON.number(value)) }
        mutating func encode(_ value: Float, forKey key: Key) { writer(key).slot.set(Writer.number(value)) }
        mutating func encode(_ value: Int, forKey key: Key) { writer(key).slot.set(Writer.integer(value)) }
        mutating func encode(_ value: Int8, forKey key: Key) { writer(key).slot.set(Writer.integer(value)) }
        mutating func encode(_ value: Int16, forKey key: Key) { writer(key).slot.set(Writer.integer(value)) }
        mutating func encode(_ value: Int32, forKey key: Key) { writer(key).slot.set(Writer.integer(value)) }
        mutating func encode(_ value: Int64, forKey key: Key) { writer(key).slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt, forKey key: Key) { writer(key).slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt8, forKey key: Key) { writer(key).slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt16, forKey key: Key) { writer(key).slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt32, forKey key: Key) { writer(key).slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt64, forKey key: Key) { writer(key).slot.set(Writer.integer(value)) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try writer(key).encodeValue(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            writer(key).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            writer(key).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { Writer(slot: slot.member("super"), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { writer(key) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let slot: Slot
        let codingPath: [any CodingKey]
        var count: Int { slot.items.count }

        func writer() -> Writer { Writer(slot: slot.append(), codingPath: codingPath) }

        mutating func encodeNil() { writer().slot.set(JSON(.null)) }
        mutating func encode(_ value: Bool) { writer().slot.set(JSON(.bool(value))) }
        mutating func encode(_ value: String) { writer().slot.set(JSON(.string(value))) }
        mutating func encode(_ value: Double) { writer().slot.set(JSON.number(value)) }
        mutating func encode(_ value: Float) { writer().slot.set(Writer.number(value)) }
        mutating func encode(_ value: Int) { writer().slot.set(Writer.integer(value)) }
        mutating func encode(_ value: Int8) { writer().slot.set(Writer.integer(value)) }
        mutating func encode(_ value: Int16) { writer().slot.set(Writer.integer(value)) }
        mutating func encode(_ value: Int32) { writer().slot.set(Writer.integer(value)) }
        mutating func encode(_ value: Int64) { writer().slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt) { writer().slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt8) { writer().slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt16) { writer().slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt32) { writer().slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt64) { writer().slot.set(Writer.integer(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try writer().encodeValue(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            writer().container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { writer().unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { writer() }
    }

    struct Single: SingleValueEncodingContainer {
        let writer: Writer
        var codingPath: [any CodingKey] { writer.codingPath }

        mutating func encodeNil() { writer.slot.set(JSON(.null)) }
        mutating func encode(_ value: Bool) { writer.slot.set(JSON(.bool(value))) }
        mutating func encode(_ value: String) { writer.slot.set(JSON(.string(value))) }
        mutating func encode(_ value: Double) { writer.slot.set(JSON.number(value)) }
        mutating func encode(_ value: Float) { writer.slot.set(Writer.number(value)) }
        mutating func encode(_ value: Int) { writer.slot.set(Writer.integer(value)) }
        mutating func encode(_ value: Int8) { writer.slot.set(Writer.integer(value)) }
        mutating func encode(_ value: Int16) { writer.slot.set(Writer.integer(value)) }
        mutating func encode(_ value: Int32) { writer.slot.set(Writer.integer(value)) }
        mutating func encode(_ value: Int64) { writer.slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt) { writer.slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt8) { writer.slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt16) { writer.slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt32) { writer.slot.set(Writer.integer(value)) }
        mutating func encode(_ value: UInt64) { writer.slot.set(Writer.integer(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try writer.encodeValue(value) }
    }
}
