/// The user's preferred text size, as iOS's Dynamic Type sizes.
public enum DynamicTypeSize: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// Multiplier applied to every font size (pt) relative to `.large` (1.0), close to
    /// iOS's body style: xSmall 0.82 … xxxLarge 1.24, accessibility1 1.65 … accessibility5 3.12.
    public var scale: Double {
        switch self {
        case .xSmall: 0.82
        case .small: 0.88
        case .medium: 0.94
        case .large: 1.0
        case .xLarge: 1.12
        case .xxLarge: 1.18
        case .xxxLarge: 1.24
        case .accessibility1: 1.65
        case .accessibility2: 1.94
        case .accessibility3: 2.35
        case .accessibility4: 2.76
        case .accessibility5: 3.12
        }
    }

    /// True for the five accessibility sizes, where rows stack vertically.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// The largest size.
    public static let largest = DynamicTypeSize.accessibility5

    /// The size called `name` (`large`, `xxxLarge`, `accessibility3`, also `AX3`), or nil.
    public static func named(_ name: String) -> DynamicTypeSize? {
        let lower = name.lowercased()
        if lower.hasPrefix("ax"), let n = Int(lower.dropFirst(2)), (1...5).contains(n) {
            return DynamicTypeSize(rawValue: "accessibility\(n)")
        }
        return allCases.first { $0.rawValue.lowercased() == lower }
    }

    /// Smaller sizes first, as SwiftUI orders them.
    public static func < (a: DynamicTypeSize, b: DynamicTypeSize) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
