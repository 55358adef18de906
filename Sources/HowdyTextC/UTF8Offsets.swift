/// UTF-16 offsets (what HowdyText's ranges count) as UTF-8 byte offsets (what a C caller's
/// buffer counts).
enum UTF8Offsets {
    /// The UTF-8 offset of each UTF-16 offset in `utf16` (any order), in one pass over
    /// `text`. An offset inside a surrogate pair maps to the start of its scalar; one
    /// past the end maps to the end.
    static func of(utf16 offsets: [Int], in text: String) -> [Int] {
        guard !offsets.isEmpty else { return [] }
        // ASCII (as many UTF-16 units as UTF-8 bytes): every offset is its own UTF-8 offset.
        if text.utf8.count == text.utf16.count { return offsets.map { min(max($0, 0), text.utf8.count) } }
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [Int](repeating: 0, count: offsets.count)
        var next = 0
        var utf16 = 0
        var utf8 = 0
        for scalar in text.unicodeScalars {
            let width16 = scalar.utf16.count
            while next < order.count, offsets[order[next]] < utf16 + width16 {
                result[order[next]] = utf8
                next += 1
            }
            if next == order.count { return result }
            utf16 += width16
            utf8 += scalar.utf8.count
        }
        while next < order.count {
            result[order[next]] = utf8
            next += 1
        }
        return result
    }
}
