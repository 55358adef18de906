import Foundation
import HowdyRender

extension Diffing where Value == Image {
    /// PNG files compared with the perceptual `ImageDiff` under `tolerance`. A failure
    /// carries the diff image (`diff.png`) and the figures.
    public static func image(tolerance: DiffTolerance = .strict) -> Diffing<Image> {
        Diffing(
            toData: { Data(try PNGCodec.encode($0, compression: .smallest)) },
            fromData: { try Image(decoding: [UInt8]($0)) },
            diff: { reference, actual in
                let diff: ImageDiff
                do {
                    diff = try ImageDiff(actual, reference, threshold: tolerance.threshold, makeDiffImage: true)
                } catch {
                    return DiffFailure(message: "\(error)")
                }
                guard !diff.isWithin(tolerance.limit) else { return nil }
                var artifacts: [(suffix: String, data: Data)] = []
                if let image = diff.diffImage, let png = try? PNGCodec.encode(image) {
                    artifacts.append(("diff.png", Data(png)))
                }
                return DiffFailure(message: "\(diff.summary); allowed: \(tolerance.limit)", artifacts: artifacts)
            })
    }
}

extension Snapshotting where Value == Image, Format == Image {
    /// An image stored as a PNG golden, compared perceptually under `tolerance`.
    public static func png(tolerance: DiffTolerance = .strict) -> Snapshotting<Image, Image> {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance)) { $0 }
    }
}

extension Snapshotting where Value == Canvas, Format == Image {
    /// A canvas's image stored as a PNG golden.
    public static func png(tolerance: DiffTolerance = .strict) -> Snapshotting<Canvas, Image> {
        Snapshotting<Image, Image>.png(tolerance: tolerance).pullback { $0.image }
    }
}
