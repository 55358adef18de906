import Foundation

/// A dotted numeric app version (`2`, `2.1`, `2.1.3`), compared numerically so `1.10`
/// comes after `1.9`. Missing trailing components count as zero: `2.1 == 2.1.0`.
public struct AppVersion: Comparable, Hashable, Sendable, CustomStringConvertible, Codable {
    /// The numeric components as written.
    public let components: [Int]

    /// Parses `"2.1.3"`; `nil` unless the text is one or more dot-separated non-negative integers.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var components: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), let number = Int(part), number >= 0 else { return nil }
            components.append(number)
        }
        guard !components.isEmpty else { return nil }
        self.components = components
    }

    /// `AppVersion(2, 1)`. Components must be non-negative and there must be at least one
    /// (a programming error otherwise, trapped).
    public init(_ components: Int...) {
        precondition(
            !components.isEmpty && components.allSatisfy { $0 >= 0 }, "a version needs non-negative components")
        self.components = components
    }

    /// A readable form for messages and logs.
    public var description: String { components.map(String.init).joined(separator: ".") }

    /// Trailing zeros dropped, so equal versions compare and hash the same.
    private var normalized: ArraySlice<Int> {
        var slice = components[...]
        while slice.count > 1, slice.last == 0 { slice = slice.dropLast() }
        return slice
    }

    /// Equality as described on the type.
    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { lhs.normalized == rhs.normalized }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(Array(normalized)) }

    /// Ascending order, as described on the type.
    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        let count = max(lhs.components.count, rhs.components.count)
        for index in 0..<count {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    /// Decodes a version string (`"2.1"`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let version = AppVersion(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a version like \"2.1.0\", got \(JSONValue.string(text))")
        }
        self = version
    }

    /// Encodes the version as its string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension AppVersion {
    /// How far apart two versions are, by the first component that differs: the first
    /// (major), the second (minor), or any later one (patch; `2.1.0.7` after `2.1.0` is a
    /// patch too). Missing components count as zero, so `2 → 2.1` is a minor update.
    public enum UpdateKind: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
        /// The first component changed (`1.9` → `2.0`), the second (`2.0` → `2.1`), or a later one.
        case major, minor, patch

        /// Major before minor before patch.
        public static func < (lhs: UpdateKind, rhs: UpdateKind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The kind of update from `previous` to this version, or `nil` when this version is
    /// not newer (the same version, or a downgrade).
    public func update(from previous: AppVersion) -> UpdateKind? {
        guard previous < self else { return nil }
        let count = max(components.count, previous.components.count)
        for index in 0..<count {
            let new = index < components.count ? components[index] : 0
            let old = index < previous.components.count ? previous.components[index] : 0
            if new != old {
                switch index {
                case 0: return .major
                case 1: return .minor
                default: return .patch
                }
            }
        }
        return nil
    }
}
