import CHyphen
import Glibc

/// One loaded libhyphen pattern file (`hyph_*.dic`), freed in deinit.
///
/// Thread-safe: after loading, libhyphen only reads the dictionary (every call allocates
/// its own buffers), so one dictionary serves all threads.
final class HyphenationDictionary: @unchecked Sendable {
    // @unchecked: the handle is never written after init; hnj_hyphen_hyphenate3 reads it.
    private let handle: UnsafeMutablePointer<HyphenDict>
    /// The file loaded.
    let path: String
    /// How words are encoded for the patterns: the file's first line names it.
    private let isUTF8: Bool

    /// The longest word hyphenated, in Unicode scalars; longer letter runs are left
    /// whole (they are not words, and the cost of a pattern pass is linear in length).
    static let maximumWordLength = 128

    /// Loads the patterns at `path`. The automaton comes from the cache file
    /// (`HyphenationAutomatonFile`) when one matches the file, else from libhyphen's
    /// loader, whose result is then cached.
    /// - Throws: `TextError.hyphenationDictionaryInvalid` when libhyphen cannot load the
    ///   file or its encoding is neither UTF-8 nor ISO8859-1.
    convenience init(path: String) throws(TextError) {
        let source = HyphenationAutomatonFile.SourceIdentity(path: path)
        if let source, let cached = HyphenationAutomatonFile.load(source: source) {
            try self.init(handle: cached, path: path)
            return
        }
        guard let handle = hnj_hyphen_load(path) else {
            throw .hyphenationDictionaryInvalid(path: path, reason: "libhyphen could not load it")
        }
        try self.init(handle: handle, path: path)
        if let source { HyphenationAutomatonFile.store(handle, source: source) }
    }

    /// Takes ownership of `handle` (freed on error too).
    /// - Throws: `TextError.hyphenationDictionaryInvalid` for an encoding other than
    ///   UTF-8 and ISO8859-1.
    init(handle: UnsafeMutablePointer<HyphenDict>, path: String) throws(TextError) {
        let charset = withUnsafeBytes(of: handle.pointee.cset) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard handle.pointee.utf8 != 0 || Self.latin1Names.contains(charset.uppercased()) else {
            hnj_hyphen_free(handle)
            throw .hyphenationDictionaryInvalid(
                path: path, reason: "encoding '\(charset)' is not supported (UTF-8 and ISO8859-1 are)")
        }
        self.handle = handle
        self.path = path
        self.isUTF8 = handle.pointee.utf8 != 0
    }

    deinit { hnj_hyphen_free(handle) }

    private static let latin1Names: Set<String> = ["ISO8859-1", "ISO-8859-1", "ISO_8859-1", "LATIN1"]

    /// Where `word` may be hyphenated: indices `i` in `1..<word.count` such that a hyphen
    /// may go between `word[i - 1]` and `word[i]`, increasing.
    ///
    /// - Parameters:
    ///   - word: the word in lowercase (libhyphen's patterns are lowercase), one scalar
    ///     per letter as in the text; a word the dictionary's encoding cannot hold, or
    ///     longer than `maximumWordLength`, has no points.
    ///   - minimumBefore: the fewest scalars before a hyphen; the dictionary's
    ///     LEFTHYPHENMIN wins when larger.
    ///   - minimumAfter: the fewest scalars after a hyphen; RIGHTHYPHENMIN wins when larger.
    /// Points where the patterns ask to change the spelling (non-standard hyphenation,
    /// old German "Schiffahrt" → "Schiff-fahrt") are left out: the text is drawn as given.
    func points(in word: [Unicode.Scalar], minimumBefore: Int, minimumAfter: Int) -> [Int] {
        guard word.count >= 2, word.count <= Self.maximumWordLength else { return [] }
        var bytes: [CChar] = []
        bytes.reserveCapacity(word.count * 2 + 1)
        for scalar in word {
            if isUTF8 {
                for unit in String(scalar).utf8 { bytes.append(CChar(bitPattern: unit)) }
            } else {
                guard scalar.value <= 0xFF else { return [] }
                bytes.append(CChar(bitPattern: UInt8(scalar.value)))
            }
        }
        let size = bytes.count
        bytes.append(0)  // libhyphen also scans the word as a C string
        // libhyphen asks for word_size + 5 bytes of output.
        var hyphens = [CChar](repeating: 0, count: size + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        let status = hnj_hyphen_hyphenate3(
            handle, bytes, Int32(size), &hyphens, nil, &replacements, &positions, &cuts,
            Int32(minimumBefore), Int32(minimumAfter), 0, 0)
        defer {
            // Non-standard hyphenation allocates these with malloc, one string per byte.
            if let replacements {
                for index in 0..<size { free(replacements[index]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        guard status == 0 else { return [] }
        // After hyphenate3, hyphens[j] (per character, UTF-8 or not) is odd where a
        // hyphen may follow character j.
        var result: [Int] = []
        for index in 0..<(word.count - 1) where hyphens[index] & 1 == 1 {
            if let replacements, replacements[index] != nil { continue }
            result.append(index + 1)
        }
        return result
    }
}
