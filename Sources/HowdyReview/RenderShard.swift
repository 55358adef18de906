/// One share of a render split over several machines: shard `index` (1-based) of `count`,
/// as `howdy render --shard 2/4` names it.
public struct RenderShard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 1...count.
    public var index: Int
    /// How many shards the matrix is split into, 1...1000.
    public var count: Int

    /// The largest shard count accepted.
    public static let maximumCount = 1000

    /// Shard `index` of `count`; nil unless 1 ≤ index ≤ count ≤ `maximumCount`.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maximumCount, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N` (`2/4`); nil for anything else or out of range.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) }),
            let index = Int(parts[0]), let count = Int(parts[1])
        else { return nil }
        self.init(index: index, count: count)
    }

    /// `index/count`, as `--shard` takes it (`2/4`).
    public var description: String { "\(index)/\(count)" }
}
