import Foundation
import HowdyRender
import HowdyText
import Testing

/// Fonts are untrusted input. Deterministic mutants of a TrueType (glyf) and a CFF font,
/// with bytes changed inside the tables our code reads (head, hhea, OS/2, maxp, hmtx,
/// cmap, glyf, loca, CFF, GSUB, GPOS), are each opened, laid out, balanced and drawn: every
/// step either works or throws an error naming the file, and never traps.
/// `HOWDY_FUZZ_ITERATIONS` raises the count for a longer local search.
@Suite struct FontFuzzTests {
    static let iterations = ProcessInfo.processInfo.environment["HOWDY_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 120
    static let tables: Set<String> = [
        "head", "hhea", "OS/2", "maxp", "hmtx", "cmap", "glyf", "loca", "CFF ", "GSUB", "GPOS", "post",
    ]

    @Test func mutatedFontsLayOutAndDrawOrThrow() throws {
        let originals = try ["NotoSansHebrew-Regular", "Inter-Regular"].map { name in
            let path = try #require(FontLibrary.bundledPath(name))
            return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("howdy-font-fuzz-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var random = FuzzRandom(seed: 0xF0_17)
        var drawn = 0, refused = 0
        for index in 0..<Self.iterations {
            let original = originals[index % originals.count]
            let mutant = mutate(original, tables: tableRanges(of: original), with: &random)
            let path = directory.appendingPathComponent("mutant-\(index).font").path
            try Data(mutant).write(to: URL(fileURLWithPath: path))
            do {
                let font = try Font(path: path, size: 24)
                for text in ["Shalom שלום עולם, hello world", "Balanced titles wrap evenly across lines"] {
                    let greedy = try layout(text: text, font: font, width: 180)
                    let balanced = try balance(text: text, font: font, width: 180)
                    #expect(balanced.lines.count == greedy.lines.count, "\(path)")
                    var canvas = try Canvas(width: 200, height: 160, background: .white)
                    try canvas.draw(balanced, at: Point(x: 10, y: 10), color: .black)
                }
                drawn += 1
            } catch let error as TextError {
                #expect(error.description.contains(path), "the error names the font file: \(error)")
                refused += 1
            } catch let error as RenderError {
                #expect(error.description.contains(path), "the error names the font file: \(error)")
                refused += 1
            }
        }
        #expect(drawn + refused == Self.iterations)
        #expect(drawn > refused, "most mutants of one table still open and draw")
    }

    /// Byte ranges of the tables worth mutating, from the sfnt table directory.
    private func tableRanges(of font: [UInt8]) -> [Range<Int>] {
        func u16(_ at: Int) -> Int { Int(font[at]) << 8 | Int(font[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        return (0..<u16(4)).compactMap { entry in
            let record = 12 + entry * 16
            let tag = String(decoding: font[record..<record + 4], as: UTF8.self)
            let start = u32(record + 8), length = u32(record + 12)
            guard Self.tables.contains(tag), length > 0, start + length <= font.count else { return nil }
            return start..<start + length
        }
    }

    private func mutate(_ font: [UInt8], tables: [Range<Int>], with random: inout FuzzRandom) -> [UInt8] {
        var bytes = font
        for _ in 0...random.next(below: 4) {
            let table = tables[random.next(below: tables.count)]
            // Mostly the first bytes of a table (headers, counts, offsets), sometimes anywhere.
            let span = random.next(below: 3) == 0 ? table.count : min(table.count, 64)
            let at = table.lowerBound + random.next(below: span)
            bytes[at] =
                [0x00, 0xFF, 0x7F, 0x80, UInt8(truncatingIfNeeded: random.next(below: 256))][random.next(below: 5)]
        }
        return bytes
    }
}

/// SplitMix64: deterministic, so a failing mutant can be reproduced from its index.
struct FuzzRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
