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
        var offset = HyphenationAutomatonFile.magic.count
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
        #expect(HyphenationAutomatonFile.decode(damaged, source: source) == nil)
        #expect(HyphenationAutomatonFile.decode(bytes, source: source) != nil)
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
