import Foundation
import HowdyRender
import Testing

/// Files are untrusted input: thousands of deterministic mutations of valid PNG and PPM
/// files (flipped bytes, truncations, changed sizes, spliced chunks) must each decode to a
/// consistent image or throw a `RenderError` with a message; a crash fails the whole run.
/// `HOWDY_FUZZ_ITERATIONS` raises the count for a longer local search.
@Suite struct CodecFuzzTests {
    static let iterations = ProcessInfo.processInfo.environment["HOWDY_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 3_000

    @Test func mutatedPNGsDecodeOrThrow() throws {
        let seeds = [
            try PNGCodec.encode(try noiseImage(width: 23, height: 17)),
            try PNGCodec.encode(try noiseImage(width: 9, height: 31, opaque: true), compression: .smallest),
            Fixtures.grey, Fixtures.palette, Fixtures.rgb, Fixtures.greyAlpha, Fixtures.rgb16,
        ]
        let outcome = fuzz(seeds: seeds)
        #expect(outcome.decoded + outcome.failed == Self.iterations)
        #expect(outcome.failed > 0, "mutations that break a PNG must be reported")
    }

    @Test func mutatedPPMsDecodeOrThrow() throws {
        let seeds = [
            PPMCodec.encode(try noiseImage(width: 7, height: 5, opaque: true)),
            Array("P3\n2 2\n255\n1 2 3 4 5 6 7 8 9 10 11 12\n".utf8),
            Array("P3\n# comment\n1 1\n15\n15 0 7\n".utf8),
        ]
        let outcome = fuzz(seeds: seeds)
        #expect(outcome.decoded + outcome.failed == Self.iterations)
        #expect(outcome.failed > 0)
    }

    /// Decodes `iterations` mutants, checking each result; returns how many decoded and failed.
    private func fuzz(seeds: [[UInt8]]) -> (decoded: Int, failed: Int) {
        var random = FuzzRandom(seed: 0x5EED)
        var decoded = 0, failed = 0
        for index in 0..<Self.iterations {
            let mutant = mutate(seeds[index % seeds.count], with: &random)
            do {
                let image = try Image(decoding: mutant)
                #expect(image.pixels.count == image.width * image.height * 4)
                decoded += 1
            } catch {
                #expect(!error.description.isEmpty)
                failed += 1
            }
        }
        return (decoded, failed)
    }

    private func mutate(_ bytes: [UInt8], with random: inout FuzzRandom) -> [UInt8] {
        var bytes = bytes
        for _ in 0...random.next(below: 3) {
            guard !bytes.isEmpty else { break }
            let at = random.next(below: bytes.count)
            switch random.next(below: 6) {
            case 0: bytes[at] ^= UInt8(1 << random.next(below: 8))
            case 1: bytes[at] = [0, 0xFF, 0x7F, 0x80][random.next(below: 4)]
            case 2: bytes.removeSubrange(at...)
            case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 1 + random.next(below: 64))], at: at)
            case 4: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.next(below: 16)))
            default:
                // A PNG IHDR width or height (bytes 16...23), or any four bytes, made large.
                let field = bytes.count > 24 && random.next(below: 2) == 0 ? 16 + 4 * random.next(below: 2) : at
                for k in field..<min(bytes.count, field + 4) {
                    bytes[k] = UInt8(truncatingIfNeeded: random.next(below: 256))
                }
            }
        }
        return bytes
    }
}
