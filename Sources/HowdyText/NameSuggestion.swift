/// The "did you mean" of an unknown name: the allowed names nearest to a typo. Spec keys
/// (HowdyKitUI) and bundled font names (``FontLibrary``) share it.
package enum NameSuggestion {
    /// The allowed key closest to `key` by edit distance (ties: the first in `allowed`),
    /// when it is close enough to be a typo: the same key in another case, or at most one
    /// edit per three characters (at least one). Nil when nothing is that close.
    package static func nearest(to key: String, among allowed: [String]) -> String? {
        if let sameLetters = allowed.first(where: { $0.lowercased() == key.lowercased() }) { return sameLetters }
        let limit = max(1, key.count / 3)
        var best: (key: String, distance: Int)?
        for candidate in allowed {
            let distance = editDistance(Array(key.lowercased()), Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.key
    }

    /// Up to `count` names of `allowed` close enough to `name` to be a typo (same rule as
    /// ``nearest(to:among:)``), nearest first; ties keep the order of `allowed`.
    package static func nearest(to name: String, among allowed: [String], count: Int) -> [String] {
        let key = Array(name.lowercased())
        let limit = max(1, key.count / 3)
        let scored = allowed.enumerated().compactMap { index, candidate -> (Int, Int, String)? in
            let distance = candidate.lowercased() == name.lowercased() ? 0 : editDistance(key, Array(candidate.lowercased()))
            return distance <= limit ? (distance, index, candidate) : nil
        }
        return scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(max(0, count)).map(\.2)
    }

    /// Edit distance counting insertions, deletions, substitutions and swaps of two
    /// neighbours (optimal string alignment), so `titel` is one edit from `title`.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
