/// A read-only view of consecutive elements of an array that a whole layout shares:
/// `GlyphRun.glyphs` is a range of the layout's one glyph array.
///
/// Indices run from 0 to `count - 1`, as an array's do, wherever the range sits in the
/// shared array (unlike `ArraySlice`, whose indices are the shared array's). Reading an
/// element reads the shared array; nothing is copied until an `Array` is made of the
/// view. A layout's runs therefore cost one glyph array in all, instead of an array
/// per run. The shared array never changes once the
/// layout is made, so a view is a value: `Sendable`, and equal to another when their
/// elements are equal.
public struct LayoutSlice<Element: Sendable>: RandomAccessCollection, Sendable {
    /// The shared array.
    let base: [Element]
    /// The viewed range of `base`.
    let bounds: Range<Int>

    /// A view of `bounds` of `base`; `bounds` must lie within `base`'s indices.
    init(base: [Element], bounds: Range<Int>) {
        self.base = base
        self.bounds = bounds
    }

    /// A view of all of `elements` (no copy: the array's storage is shared).
    public init(_ elements: [Element]) {
        self.init(base: elements, bounds: elements.indices)
    }

    /// An empty view.
    public init() {
        self.init(base: [], bounds: 0..<0)
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of elements.
    public var endIndex: Int { bounds.count }

    /// The element at `position` (0 is the first); traps outside `0..<count`, as an array does.
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < bounds.count, "LayoutSlice index out of range")
        return base[bounds.lowerBound + position]
    }

    /// Gives `body` the elements as one buffer (they are contiguous in the shared array),
    /// so that `Array(view)`, `map` and the like copy them at once.
    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try base.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[bounds])) }
    }
}

extension LayoutSlice: ExpressibleByArrayLiteral {
    /// A view of an array made of the literal's elements.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension LayoutSlice: Equatable where Element: Equatable {
    /// True when both views hold equal elements in the same order (wherever they are stored).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension LayoutSlice: Hashable where Element: Hashable {
    /// Hashes the count and the elements, as an array of them would be compared.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension LayoutSlice: CustomStringConvertible {
    /// The elements as an array describes them.
    public var description: String { Array(self).description }
}
