import HowdyNumbers

/// A `Decoder` over a ``JSON`` value already read, so a document is parsed once: the one
/// reader builds the value, and `Decodable` types (flow specs, manifests, decisions) read
/// from it instead of Foundation's `JSONDecoder` reading the bytes a second time.
///
/// Errors are `DecodingError`s with the coding path, worded as `JSONDecoder` words them
/// (HowdyKit's `SpecError` turns them into a JSON path and a sentence); a type mismatch
/// names what was found in the one wording of ``JSONKind`` ("a Boolean"). An integer is
/// read only from a whole number in the type's range (through HowdyNumbers), never
/// trapping.
package struct JSONTreeDecoder: Decoder {
    package let value: JSON
    package let codingPath: [any CodingKey]
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package init(_ value: JSON, codingPath: [any CodingKey] = []) {
        self.value = value
        self.codingPath = codingPath
    }

    /// Decodes `type` from `value`.
    package static func decode<T: Decodable>(_ type: T.Type, from value: JSON) throws -> T {
        try JSONTreeDecoder(value).decode(type)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: self)
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let list) = value.value else { throw mismatch([String: JSON].self) }
        var members: [String: JSON] = [:]
        members.reserveCapacity(list.count)
        for member in list { members[member.key] = member.value }
        return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value.value else { throw mismatch([JSON].self) }
        return Unkeyed(items: items, codingPath: codingPath)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    /// `Expected to decode String but found a number instead.`, as `JSONDecoder` words it
    /// (``SpecError`` reads the "found" part), or `valueNotFound` for null.
    func mismatch(_ type: Any.Type) -> DecodingError {
        if case .null = value.value {
            return .valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "Expected \(type) value but found null instead."))
        }
        return .typeMismatch(
            type,
            .init(
                codingPath: codingPath,
                debugDescription: "Expected to decode \(type) but found \(value.kind.phrase) instead."))
    }

    func decodeNil() -> Bool {
        if case .null = value.value { return true }
        return false
    }

    func decodeBool() throws -> Bool {
        guard case .bool(let flag) = value.value else { throw mismatch(Bool.self) }
        return flag
    }

    func decodeString() throws -> String {
        guard case .string(let text) = value.value else { throw mismatch(String.self) }
        return text
    }

    func decodeDouble() throws -> Double {
        guard case .number(let number, _) = value.value else { throw mismatch(Double.self) }
        return number
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let number = try decodeDouble()
        // Digits only: exact from the text (past 2^53 a Double would round).
        if case .number(_, let text) = value.value, let exact = T(text) { return exact }
        guard number == number.rounded(.towardZero), let result = T(checking: number) else {
            var text = ""
            if case .number(_, let written) = value.value { text = String(written.prefix(40)) }
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "expected a whole number from \(T.min) to \(T.max), got \(text)"))
        }
        return result
    }

    /// The key for element `index` of an array, for coding paths (`steps[2]`).
    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: JSON]
        let codingPath: [any CodingKey]

        var allKeys: [Key] { members.keys.sorted().compactMap { Key(stringValue: $0) } }
        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        func child(_ key: Key) throws -> JSONTreeDecoder {
            guard let value = members[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "No value for key \"\(key.stringValue)\"."))
            }
            return JSONTreeDecoder(value, codingPath: codingPath + [key])
        }

        func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decodeBool() }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decodeString() }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decodeDouble() }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try child(key).decodeDouble()) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decodeInteger(type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decodeInteger(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decodeInteger(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decodeInteger(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decodeInteger(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decodeInteger(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decodeInteger(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decodeInteger(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decodeInteger(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decodeInteger(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try child(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try child(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            JSONTreeDecoder(
                JSON(.object(members.map { JSON.Member(key: $0.key, value: $0.value) })), codingPath: codingPath)
        }
        func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [JSON]
        let codingPath: [any CodingKey]
        var currentIndex = 0

        init(items: [JSON], codingPath: [any CodingKey]) {
            self.items = items
            self.codingPath = codingPath
        }

        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        /// The next element's decoder; the index moves on only when decoding succeeds.
        func next(_ type: Any.Type) throws -> JSONTreeDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    type,
                    .init(
                        codingPath: codingPath + [IndexKey(currentIndex)],
                        debugDescription: "Unkeyed container is at end."))
            }
            return JSONTreeDecoder(items[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
        }

        mutating func advance<T>(_ value: T) -> T {
            currentIndex += 1
            return value
        }

        mutating func decodeNil() throws -> Bool {
            guard try next(Never.self).decodeNil() else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode(_ type: Bool.Type) throws -> Bool { advance(try next(type).decodeBool()) }
        mutating func decode(_ type: String.Type) throws -> String { advance(try next(type).decodeString()) }
        mutating func decode(_ type: Double.Type) throws -> Double { advance(try next(type).decodeDouble()) }
        mutating func decode(_ type: Float.Type) throws -> Float { advance(Float(try next(type).decodeDouble())) }
        mutating func decode(_ type: Int.Type) throws -> Int { advance(try next(type).decodeInteger(type)) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { advance(try next(type).decodeInteger(type)) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { advance(try next(type).decodeInteger(type)) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { advance(try next(type).decodeInteger(type)) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { advance(try next(type).decodeInteger(type)) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { advance(try next(type).decodeInteger(type)) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { advance(try next(type).decodeInteger(type)) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { advance(try next(type).decodeInteger(type)) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { advance(try next(type).decodeInteger(type)) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { advance(try next(type).decodeInteger(type)) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { advance(try next(type).decode(type)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            advance(try next(type).container(keyedBy: type))
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            advance(try next([JSON].self).unkeyedContainer())
        }

        mutating func superDecoder() throws -> any Decoder { advance(try next(JSON.self)) }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: JSONTreeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.decodeNil() }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool() }
        func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
        func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble() }
        func decode(_ type: Float.Type) throws -> Float { Float(try decoder.decodeDouble()) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(type) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
    }
}
