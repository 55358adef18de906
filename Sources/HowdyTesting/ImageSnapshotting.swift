import Foundation
import HowdyRender
import HowdyReview

extension Diffing where Value == Image {
    /// PNG files compared with the perceptual `ImageDiff` under `tolerance` (identical
    /// pixels take the byte-equality fast path). A failure carries the diff image
    /// (`diff.png`), the figures and the tolerance in force.
    public static func image(tolerance: DiffTolerance = .strict) -> Diffing<Image> {
        Diffing(
            toData: { Data(try PNGCodec.encode($0, compression: .smallest)) },
            fromData: { try Image(decoding: [UInt8]($0)) },
            diff: { reference, actual in
                let inForce = FailureManifest.Tolerance(tolerance)
                guard reference.size == actual.size else {
                    return DiffFailure(
                        message: "size changed: golden \(reference.size), actual \(actual.size)", tolerance: inForce,
                        sizeChanged: true)
                }
                let diff: ImageDiff
                do {
                    // The cheap test first; the diff image only for a failure.
                    let quick = try ImageDiff(actual, reference, tolerance: tolerance)
                    guard !quick.isWithin(tolerance) else { return nil }
                    diff = try ImageDiff(actual, reference, tolerance: tolerance, makeDiffImage: true)
                } catch {
                    return DiffFailure(message: "\(error)", tolerance: inForce)
                }
                var artifacts: [(suffix: String, data: Data)] = []
                // The diff image is an aid: the failure and its message stand without it.
                if let image = diff.diffImage, let png = try? PNGCodec.encode(image) {
                    artifacts.append(("diff.png", Data(png)))
                }
                return DiffFailure(
                    message: "\(diff.summary); tolerance in force: \(tolerance.summary)", artifacts: artifacts,
                    figures: FailureManifest.Figures(diff), tolerance: inForce)
            })
    }
}

extension FailureManifest.Figures {
    /// The manifest's figures of `diff`.
    public init(_ diff: ImageDiff) {
        self.init(
            differentPixels: diff.differingPixels, totalPixels: diff.size.width * diff.size.height, ratio: diff.ratio,
            maxDistance: diff.maxDistance, densestWindowRatio: diff.densestWindowRatio)
    }
}

extension FailureManifest.Tolerance {
    /// The manifest's record of `tolerance`.
    public init(_ tolerance: DiffTolerance) {
        self.init(
            threshold: tolerance.threshold, maxDiffRatio: tolerance.maxDiffRatio,
            maxDiffPixels: tolerance.maxDiffPixels,
            maxWindowRatio: tolerance.maxWindowRatio, windowSize: tolerance.windowSize)
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
