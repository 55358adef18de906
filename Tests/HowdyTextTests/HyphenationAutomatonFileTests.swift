import CHyphen
import Foundation
import Testing

@testable import HowdyText

/// The cached copy of libhyphen's automaton hyphenates exactly as the automaton
/// libhyphen loaded, and a damaged cache file is refused, never trusted.
@Suite("Hyphenation automaton cache file")
struct HyphenationAutomatonFileTests {
    static let words = [
        "kraftfahrzeughaftpflichtversicherung", "donaudampfschifffahrtsgesellschaft", "größenänderungsmöglichkeiten",
        "überprüfen", "straßenbahnhaltestelle", "benachrichtigungen", "hyphenation", "notifications",
        "extraordinary", "onboarding", "reminders", "télécommunications", "développement", "everything",
    ]

    /// Points of every word in `dictionary`.
    private func points(_ dictionary: HyphenationDictionary) -> [[Int]] {
        Self.words.map { dictionary.points(in: Array($0.unicodeScalars), minimumBefore: 2, minimumAfter: 2) }
    }

    @Test(
        "encode then decode gives the same points as libhyphen's own load",
        arguments: ["hyph_en_US.dic", "hyph_de_DE.dic"])
    func roundTrip(file: String) throws {
        let path = "\(HyphenationDictionaries.folder)/\(file)"
        let source = try #require(HyphenationAutomatonFile.SourceIdentity(path: path))
        let loaded = try #require(hnj_hyphen_load(path))
        let bytes = try #require(HyphenationAutomatonFile.encode(loaded, source: source))
        let original = try HyphenationDictionary(handle: loaded, path: path)
        let decoded = try #require(HyphenationAutomatonFile.decode(bytes, source: source))
        let copy = try HyphenationDictionary(handle: decoded, path: path)
        #expect(points(copy) == points(original))
        #expect(points(original).contains { !$0.isEmpty })
        // Made from another version of the file: refused.
        var changed = source
        changed.modifiedNanoseconds += 1
        #expect(HyphenationAutomatonFile.decode(bytes, source: changed) == nil)
    }

    /// en_US's automaton as cached bytes, with its source.
    private func english() throws -> ([UInt8], HyphenationAutomatonFile.SourceIdentity, String) {
        let path = "\(HyphenationDictionaries.folder)/hyph_en_US.dic"
        let source = try #require(HyphenationAutomatonFile.SourceIdentity(path: path))
        let loaded = try #require(hnj_hyphen_load(path))
        defer { hnj_hyphen_free(loaded) }
        return (try #require(HyphenationAutomatonFile.encode(loaded, source: source)), source, path)
    }

    @Test("every truncation is refused; flipped bytes are refused or give an automaton libhyphen runs safely")
    func damagedBytes() throws {
        let (bytes, source, path) = try english()
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 100)) {
            #expect(HyphenationAutomatonFile.decode(Array(bytes.prefix(cut)), source: source) == nil)
        }
        #expect(HyphenationAutomatonFile.decode(bytes + [0], source: source) == nil)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var accepted = 0
        for _ in 0..<150 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var damaged = bytes
            // Past the header, where the states are.
            let index = 64 + Int((seed >> 33) % UInt64(bytes.count - 64))
            damaged[index] ^= UInt8(truncatingIfNeeded: seed >> 17) | 1
            // Flipped bytes under the old checksum are refused by it.
            #expect(HyphenationAutomatonFile.decode(damaged, source: source) == nil)
            // Resealed, as an attacker who can write the cache folder would: the state
            // checks alone must keep libhyphen safe.
            damaged = resealed(damaged)
            guard let decoded = HyphenationAutomatonFile.decode(damaged, source: source) else { continue }
            accepted += 1
            _ = points(try HyphenationDictionary(handle: decoded, path: path))
        }
        // Flips inside match digits or transition characters still decode: they are data.
        #expect(accepted < 150)
    }

    @Test("a fallback cycle (libhyphen would loop forever) is refused")
    func fallbackCycle() throws {
        let (bytes, source, _) = try english()
        // Walk the format to the first level's states: header, then the level fields.
        var offset = HyphenationAutomatonFile.headerSize
        func uint(_ size: Int) -> Int {
            defer { offset += size }
            return (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        offset += uint(4) + 32  // path, size, mtime (2), inode
        _ = uint(4)  // levels
        offset += 4 + 4 + Int(MAX_NAME)  // minimums, utf8, cset
        offset += uint(4)  // NOHYPHEN bytes
        _ = uint(4)  // nohyphenl
        let states = uint(4)
        #expect(states > 1)
        // State 1 falls back to itself.
        var damaged = bytes
        withUnsafeBytes(of: UInt32(1).littleEndian) { value in
            // Skip state 0: fallback, match, transitions.
            var cursor = offset + 4
            let match = Int(bytes[cursor]) | Int(bytes[cursor + 1]) << 8
            cursor += 2 + (match == 0xFFFF ? 0 : match)
            let transitions = Int(bytes[cursor]) | Int(bytes[cursor + 1]) << 8
            cursor += 2 + transitions * 5
            for byte in 0..<4 { damaged[cursor + byte] = value[byte] }
        }
        #expect(HyphenationAutomatonFile.decode(resealed(damaged), source: source) == nil)
        #expect(HyphenationAutomatonFile.decode(bytes, source: source) != nil)
    }

    /// `bytes` with the checksum recomputed over their payload.
    private func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        let sum = HyphenationAutomatonFile.checksum(bytes.dropFirst(HyphenationAutomatonFile.headerSize))
        withUnsafeBytes(of: sum.littleEndian) { value in
            for index in 0..<8 { out[HyphenationAutomatonFile.magic.count + 4 + index] = value[index] }
        }
        return out
    }

    /// A state at depth 2 of `dictionary` (the string of two characters that leads to it)
    /// and whether its string starts with `.`.
    private func depthTwoState(_ states: UnsafeMutablePointer<HyphenState>) -> (state: Int, startsWithDot: Bool)? {
        for first in 0..<Int(states[0].num_trans) {
            let child = Int(states[0].trans[first].new_state)
            if states[child].num_trans > 0 {
                return (Int(states[child].trans[0].new_state), states[0].trans[first].ch == 0x2E)
            }
        }
        return nil
    }

    /// en_US as libhyphen loads it, with a depth-2 state's match replaced by `digits` digits.
    private func englishWithMatch(digits: Int) throws -> (bytes: [UInt8], startsWithDot: Bool) {
        let path = "\(HyphenationDictionaries.folder)/hyph_en_US.dic"
        let source = try #require(HyphenationAutomatonFile.SourceIdentity(path: path))
        let loaded = try #require(hnj_hyphen_load(path))
        defer { hnj_hyphen_free(loaded) }
        let states = try #require(loaded.pointee.states)
        let (state, startsWithDot) = try #require(depthTwoState(states))
        free(states[state].match)
        let match = try #require(malloc(digits + 1)?.assumingMemoryBound(to: CChar.self))
        for index in 0..<digits { match[index] = 0x31 }
        match[digits] = 0
        states[state].match = match
        return (try #require(HyphenationAutomatonFile.encode(loaded, source: source)), startsWithDot)
    }

    @Test("a 4,000-digit match (libhyphen wrote 4,000 bytes before its buffer) is refused, with a valid checksum")
    func overlongMatch() throws {
        let path = "\(HyphenationDictionaries.folder)/hyph_en_US.dic"
        let source = try #require(HyphenationAutomatonFile.SourceIdentity(path: path))
        #expect(HyphenationAutomatonFile.decode(try englishWithMatch(digits: 4000).bytes, source: source) == nil)
        // One digit past the pattern's positions (depth + 1) is refused too; depth + 1 is what
        // libhyphen itself builds for a pattern like "1ab" and is kept.
        let fits = try englishWithMatch(digits: 1).startsWithDot ? 2 : 3
        #expect(HyphenationAutomatonFile.decode(try englishWithMatch(digits: fits + 1).bytes, source: source) == nil)
        #expect(HyphenationAutomatonFile.decode(try englishWithMatch(digits: fits).bytes, source: source) != nil)
    }

    @Test("a cache of another format version or with a wrong checksum is rebuilt on load")
    func versionAndChecksum() throws {
        guard let folder = HyphenationAutomatonFile.folder else { return }
        let (bytes, source, path) = try english()
        #expect(HyphenationAutomatonFile.decode(bytes, source: source) != nil)
        var otherVersion = bytes
        otherVersion[HyphenationAutomatonFile.magic.count] &+= 1
        #expect(HyphenationAutomatonFile.decode(otherVersion, source: source) == nil)
        var badSum = bytes
        badSum[HyphenationAutomatonFile.headerSize + 3] ^= 0x40
        #expect(HyphenationAutomatonFile.decode(badSum, source: source) == nil)
        // On disk: the bad file is replaced by one the next load accepts.
        let cache = HyphenationAutomatonFile.cachePath(for: path, in: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(badSum).write(to: URL(fileURLWithPath: cache))
        #expect(HyphenationAutomatonFile.load(source: source) == nil)
        _ = try HyphenationDictionary(path: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == Data(bytes))
        #expect(HyphenationAutomatonFile.load(source: source) != nil)
    }

    @Test("a garbage cache file is ignored and replaced; the dictionary still hyphenates")
    func garbageCacheFile() throws {
        // Without $HOME and $XDG_CACHE_HOME there is no cache to damage.
        guard let folder = HyphenationAutomatonFile.folder else { return }
        let path = "\(HyphenationDictionaries.folder)/hyph_en_GB.dic"
        let source = try #require(HyphenationAutomatonFile.SourceIdentity(path: path))
        let cache = HyphenationAutomatonFile.cachePath(for: path, in: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(HyphenationAutomatonFile.magic + [1, 2, 3]).write(to: URL(fileURLWithPath: cache))
        let dictionary = try HyphenationDictionary(path: path)
        #expect(dictionary.points(in: Array("notifications".unicodeScalars), minimumBefore: 2, minimumAfter: 2) != [])
        // Replaced by a good copy that the next load uses.
        #expect(HyphenationAutomatonFile.load(source: source) != nil)
    }
}
