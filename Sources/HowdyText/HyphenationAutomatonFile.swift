import CHyphen
import Foundation
import Glibc
import HowdyOutput

/// A binary copy of the automaton libhyphen builds from a pattern file, so that the next
/// process skips libhyphen's loader.
///
/// `hnj_hyphen_load` walks a string hash table for every pattern prefix; for the 1 MB
/// German file (279,000 states) that is about 3 s of CPU, paid by every one-shot
/// `howdy balance --hyphens auto --locale de`. The automaton itself is plain data in
/// `hyphen.h` (`HyphenDict`, `HyphenState`, `HyphenTrans`), so after libhyphen has
/// loaded a file once, its states are written here and later read back into the same
/// structures (allocated with malloc, so `hnj_hyphen_free` frees them as usual). Hyphenating
/// stays libhyphen's own code.
///
/// The file lives in `$XDG_CACHE_HOME/howdy/hyphen` (else `~/.cache/howdy/hyphen`) and
/// names the pattern file's path, size, modification time and inode: a changed pattern
/// file is loaded by libhyphen again. A cache file is input like any other: every index,
/// length and fallback chain is checked before libhyphen sees it, and one that fails is
/// ignored (and replaced). Dictionaries with non-standard (spelling-changing) patterns are
/// not cached.
///
/// Layout: `magic`, the format version (UInt32), an FNV-1a 64 checksum of everything after
/// it (UInt64), then the payload (source identity, levels, states), all little-endian. A
/// file of another version or with a wrong checksum is rebuilt; a file whose checksum
/// matches is still checked state by state, since anyone who can write the cache folder
/// can also compute a checksum.
enum HyphenationAutomatonFile {
    /// Format identifier (never changes).
    static let magic = Array("HOWDYHYC".utf8)
    /// The cache's own format version; bump when the layout or the checks change.
    static let formatVersion: UInt32 = 2
    /// Bytes before the payload: magic, version, checksum.
    static let headerSize = magic.count + 4 + 8
    /// The largest cache file read (the German automaton takes about 5 MB).
    static let maximumBytes = 64 << 20
    /// The most states in one level (libhyphen's German file has 279,000).
    static let maximumStates = 4_000_000
    /// Levels in a chain (libhyphen builds two: hyphens/apostrophes, then the patterns).
    static let maximumLevels = 4

    /// The folder cache files go in, or nil without `$XDG_CACHE_HOME` and `$HOME`.
    static var folder: String? {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/howdy/hyphen" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/howdy/hyphen" }
        return nil
    }

    /// The cache file for the pattern file at `source` (a path without symbolic links).
    static func cachePath(for source: String, in folder: String) -> String {
        // FNV-1a of the path keeps files of the same name in different folders apart.
        var hash = FNV1a()
        for byte in source.utf8 { hash.mix(UInt64(byte)) }
        let name = source.split(separator: "/").last.map(String.init) ?? "dictionary"
        let safe = String(
            name.unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || "._-0123456789".unicodeScalars.contains($0))
            })
        return "\(folder)/\(safe)-\(String(hash.value, radix: 16)).automaton"
    }

    /// What identifies the pattern file a cache was made from.
    struct SourceIdentity: Equatable {
        var path: String
        var size: UInt64
        var modifiedSeconds: Int64
        var modifiedNanoseconds: Int64
        var inode: UInt64

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            self.path = path
            size = UInt64(status.st_size)
            modifiedSeconds = Int64(status.st_mtim.tv_sec)
            modifiedNanoseconds = Int64(status.st_mtim.tv_nsec)
            inode = UInt64(status.st_ino)
        }

        init(path: String, size: UInt64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, inode: UInt64) {
            self.path = path
            self.size = size
            self.modifiedSeconds = modifiedSeconds
            self.modifiedNanoseconds = modifiedNanoseconds
            self.inode = inode
        }
    }

    // MARK: Writing

    /// The bytes of `dictionary`'s automaton (every level), or nil when it uses
    /// non-standard patterns or is larger than this format allows.
    static func encode(_ dictionary: UnsafeMutablePointer<HyphenDict>, source: SourceIdentity) -> [UInt8]? {
        guard let payload = encodePayload(dictionary, source: source) else { return nil }
        var out = magic
        out.reserveCapacity(headerSize + payload.count)
        append(formatVersion, to: &out)
        append(checksum(payload[...]), to: &out)
        return out + payload
    }

    /// FNV-1a 64 of `bytes`: catches a truncated, torn or bit-flipped file before it is parsed.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash = FNV1a()
        for byte in bytes { hash.mix(UInt64(byte)) }
        return hash.value
    }

    /// The payload of ``encode(_:source:)``: everything after the checksum.
    private static func encodePayload(_ dictionary: UnsafeMutablePointer<HyphenDict>, source: SourceIdentity)
        -> [UInt8]?
    {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        append(UInt32(source.path.utf8.count), to: &out)
        out += Array(source.path.utf8)
        append(source.size, to: &out)
        append(UInt64(bitPattern: source.modifiedSeconds), to: &out)
        append(UInt64(bitPattern: source.modifiedNanoseconds), to: &out)
        append(source.inode, to: &out)
        var levels: [UnsafeMutablePointer<HyphenDict>] = []
        var next: UnsafeMutablePointer<HyphenDict>? = dictionary
        while let level = next {
            guard levels.count < maximumLevels else { return nil }
            levels.append(level)
            next = level.pointee.nextlevel
        }
        append(UInt32(levels.count), to: &out)
        for level in levels {
            let dict = level.pointee
            out += [UInt8(bitPattern: dict.lhmin), UInt8(bitPattern: dict.rhmin)]
            out += [UInt8(bitPattern: dict.clhmin), UInt8(bitPattern: dict.crhmin)]
            append(UInt32(bitPattern: dict.utf8), to: &out)
            withUnsafeBytes(of: dict.cset) { out += $0 }
            // NOHYPHEN: nohyphenl + 1 strings, each NUL-terminated, back to back.
            if let nohyphen = dict.nohyphen {
                var bytes: [UInt8] = []
                var cursor = nohyphen
                for _ in 0...Int(max(0, dict.nohyphenl)) {
                    let length = strlen(cursor)
                    bytes += UnsafeRawBufferPointer(start: cursor, count: length + 1)
                    cursor += length + 1
                }
                append(UInt32(bytes.count), to: &out)
                out += bytes
                append(UInt32(bitPattern: dict.nohyphenl), to: &out)
            } else {
                append(UInt32(0), to: &out)
                append(UInt32(0), to: &out)
            }
            guard dict.num_states > 0, Int(dict.num_states) <= maximumStates, let states = dict.states else {
                return nil
            }
            append(UInt32(dict.num_states), to: &out)
            for index in 0..<Int(dict.num_states) {
                let state = states[index]
                guard state.repl == nil else { return nil }  // non-standard hyphenation
                append(UInt32(bitPattern: state.fallback_state), to: &out)
                if let match = state.match {
                    let length = strlen(match)
                    guard length < 0xFFFF else { return nil }
                    append(UInt16(length), to: &out)
                    out += UnsafeRawBufferPointer(start: match, count: length)
                } else {
                    append(UInt16(0xFFFF), to: &out)
                }
                guard state.num_trans >= 0, state.num_trans <= 256 else { return nil }
                append(UInt16(state.num_trans), to: &out)
                for transition in 0..<Int(state.num_trans) {
                    guard let trans = state.trans else { return nil }
                    out.append(UInt8(bitPattern: trans[transition].ch))
                    append(UInt32(bitPattern: trans[transition].new_state), to: &out)
                }
            }
        }
        return out
    }

    /// Writes the cache file for `dictionary` loaded from `source`; failures (no cache
    /// folder, read-only disk) are ignored: the cache only saves time.
    static func store(_ dictionary: UnsafeMutablePointer<HyphenDict>, source: SourceIdentity) {
        guard let folder, let bytes = encode(dictionary, source: source) else { return }
        // A failure here changes no layout, only the next load's speed: the patterns were
        // read from `source` already, and a missing cache file makes `load` read them again.
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        AtomicFile.removeStaleTemporaries(in: folder)
        // Atomic: a reader sees the old file or the whole new one.
        try? AtomicFile.write(bytes, to: cachePath(for: source.path, in: folder))
    }

    // MARK: Reading

    /// The automaton cached for the pattern file `source`, or nil when there is no cache
    /// file, it was made from another version of the file, or it fails a check.
    static func load(source: SourceIdentity) -> UnsafeMutablePointer<HyphenDict>? {
        guard let folder else { return nil }
        let path = cachePath(for: source.path, in: folder)
        // No readable cache file is the normal first run: the caller reads the patterns.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? Int, size <= maximumBytes,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return decode(Array(data), source: source)
    }

    /// Rebuilds the automaton from `bytes`, checking everything libhyphen relies on:
    /// transition targets and fallback states in range, fallback chains that end (no
    /// cycle), match strings of digits (maybe empty), NOHYPHEN strings that are not empty. Returns nil
    /// for anything else, or when `bytes` were made from another `source`.
    static func decode(_ bytes: [UInt8], source: SourceIdentity) -> UnsafeMutablePointer<HyphenDict>? {
        var reader = Reader(bytes: bytes)
        guard reader.bytes(magic.count) == magic, reader.uint32() == formatVersion,
            reader.uint64() == checksum(bytes.dropFirst(headerSize)),
            let pathLength = reader.uint32(), let path = reader.bytes(Int(pathLength)),
            String(decoding: path, as: UTF8.self) == source.path,
            reader.uint64() == source.size,
            reader.uint64().map({ Int64(bitPattern: $0) }) == source.modifiedSeconds,
            reader.uint64().map({ Int64(bitPattern: $0) }) == source.modifiedNanoseconds,
            reader.uint64() == source.inode,
            let levelCount = reader.uint32(), (1...UInt32(maximumLevels)).contains(levelCount)
        else { return nil }
        var levels: [UnsafeMutablePointer<HyphenDict>] = []
        for _ in 0..<levelCount {
            guard let level = decodeLevel(&reader) else { break }
            levels.append(level)
        }
        guard levels.count == Int(levelCount), reader.isAtEnd else {
            // The levels are not linked yet: each is freed on its own.
            for level in levels { hnj_hyphen_free(level) }
            return nil
        }
        for index in levels.indices.dropLast() { levels[index].pointee.nextlevel = levels[index + 1] }
        return levels[0]
    }

    /// One level, or nil (with everything it allocated freed) when a check fails.
    private static func decodeLevel(_ reader: inout Reader) -> UnsafeMutablePointer<HyphenDict>? {
        guard let minimums = reader.bytes(4), let utf8 = reader.uint32(), utf8 <= 1,
            let cset = reader.bytes(Int(MAX_NAME)), cset.contains(0),
            let nohyphenCount = reader.uint32(), let nohyphenBytes = reader.bytes(Int(nohyphenCount)),
            let nohyphenl = reader.uint32(),
            let stateCount = reader.uint32(), stateCount >= 1, stateCount <= UInt32(maximumStates),
            // Each state takes at least 8 bytes: refuse counts the file cannot hold.
            Int(stateCount) * 8 <= reader.remaining
        else { return nil }
        // NOHYPHEN: nohyphenl + 1 non-empty NUL-terminated strings (libhyphen writes at
        // the index before an empty one), or none at all.
        if nohyphenCount > 0 {
            let parts = nohyphenBytes.split(separator: 0, omittingEmptySubsequences: false)
            guard nohyphenBytes.last == 0, parts.count == Int(nohyphenl) + 2, parts.last?.isEmpty == true,
                parts.dropLast().allSatisfy({ !$0.isEmpty })
            else { return nil }
        } else {
            guard nohyphenl == 0 else { return nil }
        }
        let count = Int(stateCount)
        guard let dict = howdy_hyphen_dict_calloc() else { return nil }
        guard let states = howdy_hyphen_states_calloc(count) else {
            free(dict)
            return nil
        }
        dict.pointee.states = states
        dict.pointee.num_states = Int32(stateCount)
        dict.pointee.lhmin = CChar(bitPattern: minimums[0])
        dict.pointee.rhmin = CChar(bitPattern: minimums[1])
        dict.pointee.clhmin = CChar(bitPattern: minimums[2])
        dict.pointee.crhmin = CChar(bitPattern: minimums[3])
        dict.pointee.utf8 = Int32(utf8)
        withUnsafeMutableBytes(of: &dict.pointee.cset) { target in
            for index in 0..<target.count { target[index] = cset[index] }
        }
        if nohyphenCount > 0 {
            guard let copy = howdy_hyphen_chars_malloc(nohyphenBytes.count) else {
                hnj_hyphen_free(dict)
                return nil
            }
            for (index, byte) in nohyphenBytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            dict.pointee.nohyphen = copy
            dict.pointee.nohyphenl = Int32(nohyphenl)
        }
        // From here hnj_hyphen_free(dict) frees whatever has been filled in.
        var fallbacks = [Int32](repeating: -1, count: count)
        for index in 0..<count {
            guard let fallback = reader.uint32().map({ Int32(bitPattern: $0) }), fallback >= -1,
                fallback < Int32(count),
                let matchLength = reader.uint16()
            else {
                hnj_hyphen_free(dict)
                return nil
            }
            fallbacks[index] = fallback
            states[index].fallback_state = fallback
            if matchLength != 0xFFFF {
                // libhyphen drops a pattern's leading zeros, so a match may be empty.
                guard let match = reader.bytes(Int(matchLength)),
                    match.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                    let copy = howdy_hyphen_chars_malloc(match.count + 1)
                else {
                    hnj_hyphen_free(dict)
                    return nil
                }
                for (offset, byte) in match.enumerated() { copy[offset] = CChar(bitPattern: byte) }
                copy[match.count] = 0
                states[index].match = copy
            }
            guard let transitions = reader.uint16(), transitions <= 256 else {
                hnj_hyphen_free(dict)
                return nil
            }
            if transitions > 0 {
                guard let trans = howdy_hyphen_trans_malloc(Int(transitions)) else {
                    hnj_hyphen_free(dict)
                    return nil
                }
                states[index].trans = trans
                for transition in 0..<Int(transitions) {
                    guard let character = reader.bytes(1), let target = reader.uint32(), target < stateCount else {
                        states[index].num_trans = Int32(transition)
                        hnj_hyphen_free(dict)
                        return nil
                    }
                    trans[transition] = HyphenTrans(ch: CChar(bitPattern: character[0]), new_state: Int32(target))
                }
                states[index].num_trans = Int32(transitions)
            }
        }
        // libhyphen follows fallbacks until one has a transition or reaches -1: a cycle
        // would never end. 0 unknown, 1 on the current path, 2 known to end.
        var marks = [UInt8](repeating: 0, count: count)
        var path: [Int] = []
        for start in 0..<count where marks[start] == 0 {
            var state = start
            while state >= 0, marks[state] == 0 {
                marks[state] = 1
                path.append(state)
                state = Int(fallbacks[state])
            }
            if state >= 0, marks[state] == 1 {
                hnj_hyphen_free(dict)
                return nil
            }
            for visited in path { marks[visited] = 2 }
            path.removeAll(keepingCapacity: true)
        }
        guard matchesFitTheirStates(states, count: count) else {
            hnj_hyphen_free(dict)
            return nil
        }
        return dict
    }

    /// Whether every match string stays inside libhyphen's output buffer.
    ///
    /// libhyphen writes a state's match at `hyphens[i + 1 - strlen(match) ...]`, where `i`
    /// is the index of the character that led to the state in the word with a `.` before
    /// it. A match longer than the state's string reaches before the buffer: a cached
    /// 4,000-digit match wrote 4,000 bytes below it (`free(): invalid pointer`). The bound
    /// holds only if the states are what libhyphen builds, so this checks that too:
    /// - the transitions form a tree from state 0 (each other state has one parent), so a
    ///   state's depth is the length of its string;
    /// - each fallback is a proper suffix of its state (state 0, or -1, or the child on the
    ///   same character of a state on the parent's fallback chain), so the current state's
    ///   string always ends the text read so far;
    /// - a match is at most depth + 1 digits (the pattern's positions: one more than its
    ///   letters), and at most depth for a string starting with `.`, which can start at the
    ///   word's first byte, where one more would be index -1.
    private static func matchesFitTheirStates(_ states: UnsafeMutablePointer<HyphenState>, count: Int) -> Bool {
        // State 0 (the empty string) has no shorter suffix: a fallback from it would jump
        // to a deeper state without reading a character.
        guard states[0].fallback_state == -1 else { return false }
        var parent = [Int32](repeating: -1, count: count)
        var character = [CChar](repeating: 0, count: count)
        var depth = [Int32](repeating: -1, count: count)
        var startsWithDot = [Bool](repeating: false, count: count)
        depth[0] = 0
        var queue = [0]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for index in 0..<Int(states[state].num_trans) {
                let transition = states[state].trans[index]
                let child = Int(transition.new_state)
                // A second way into a state, or a way back to one seen: not a tree.
                guard child != 0, depth[child] < 0 else { return false }
                parent[child] = Int32(state)
                character[child] = transition.ch
                depth[child] = depth[state] + 1
                startsWithDot[child] = state == 0 ? transition.ch == 0x2E : startsWithDot[state]
                queue.append(child)
            }
        }
        // Every state reachable from state 0 (a state nobody reaches would be dead weight
        // that libhyphen never builds).
        guard queue.count == count else { return false }
        for state in 1..<count {
            let fallback = Int(states[state].fallback_state)
            if fallback > 0 {
                // Proper suffix: the child on this state's character of a state on the
                // parent's fallback chain.
                var suffix = Int(states[Int(parent[state])].fallback_state)
                var found = false
                while suffix >= 0, !found {
                    let node = states[suffix]
                    for index in 0..<Int(node.num_trans)
                    where node.trans[index].ch == character[state] && Int(node.trans[index].new_state) == fallback {
                        found = true
                        break
                    }
                    suffix = Int(node.fallback_state)
                }
                guard found else { return false }
            }
            if let match = states[state].match {
                let limit = Int(depth[state]) + (startsWithDot[state] ? 0 : 1)
                guard strlen(match) <= limit else { return false }
            }
        }
        return true
    }

    private static func append<Integer: FixedWidthInteger>(_ value: Integer, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    /// Reads little-endian integers and byte runs, nil past the end.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var remaining: Int { bytes.count - offset }
        var isAtEnd: Bool { offset == bytes.count }

        /// The next `count` bytes, as an array indexed from 0.
        mutating func bytes(_ count: Int) -> [UInt8]? {
            guard count >= 0, count <= remaining else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        /// The next `size` bytes as a little-endian number (size ≤ 8).
        private mutating func number(_ size: Int) -> UInt64? {
            guard size <= remaining else { return nil }
            var value: UInt64 = 0
            for shift in 0..<size { value |= UInt64(bytes[offset + shift]) << UInt64(8 * shift) }
            offset += size
            return value
        }

        mutating func uint16() -> UInt16? { number(2).map { UInt16(truncatingIfNeeded: $0) } }
        mutating func uint32() -> UInt32? { number(4).map { UInt32(truncatingIfNeeded: $0) } }
        mutating func uint64() -> UInt64? { number(8) }
    }
}
