import Foundation
import HowdyNumbers
import HowdyOutput
import HowdyRender

/// Where a review's pictures go: linked where they are (by a path relative to the review
/// folder) or written once, as PNG, under `images/ID/`.
struct Placement: Sendable {
    var directory: URL
    var selfContained: Bool

    /// The largest side of a thumbnail, px.
    static let thumbnailSide = 320

    /// The source file itself when it is a PNG and the review links; else a PNG written to
    /// `images/ID/ROLE.png`. Returns the path relative to the review folder.
    func place(_ file: URL, encoded: ReviewImageFile.Encoded, decoded: Image?, id: Int, role: String) throws -> String {
        if !selfContained, encoded.format == .png {
            return RealPath.relative(from: directory.path, to: file.path)
        }
        if encoded.format == .png { return try write(encoded.bytes, id: id, role: role) }
        let image = try decoded ?? ReviewImageFile.decode(encoded, path: file.path)
        return try write(image.encoded(as: .png), id: id, role: role)
    }

    /// `image` as `images/ID/ROLE.png`.
    func store(_ image: Image, id: Int, role: String, compression: PNGCodec.Compression = .fast) throws -> String {
        try write(image.encoded(as: .png, compression: compression), id: id, role: role)
    }

    /// A thumbnail of `image` (at most ``thumbnailSide`` px on its longer side) as
    /// `images/ID/thumb.png`.
    func thumbnail(_ image: Image, id: Int) throws -> String {
        let side = max(image.width, image.height)
        guard side > Self.thumbnailSide else { return try store(image, id: id, role: "thumb") }
        let scale = Double(Self.thumbnailSide) / Double(side)
        let small = try image.resized(
            width: max(1, Int(saturatingRounded: Double(image.width) * scale)),
            height: max(1, Int(saturatingRounded: Double(image.height) * scale)))
        return try store(small, id: id, role: "thumb", compression: .smallest)
    }

    private func write(_ bytes: [UInt8], id: Int, role: String) throws -> String {
        // By ID, never by name: `a.png` and `a.ppm` get their own folders.
        let relative = "images/\(id)/\(role).png"
        let url = directory.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(bytes, to: url.path)
        return relative
    }
}

/// One entry compared and its pictures placed.
struct ReviewComparison {
    var entry: ReviewEntry
    var threshold: Double
    var placement: Placement

    func run() throws -> ReviewItem {
        var item = ReviewItem(id: entry.id, name: entry.name, status: .unchanged)
        item.facets = entry.facets
        let before = try entry.expected.map { try ReviewImageFile.read($0.path) }
        let after = try entry.actual.map { try ReviewImageFile.read($0.path) }
        item.expectedSize = before?.size
        item.actualSize = after?.size
        if let failure = entry.failure {
            item.note = failure.message
            if failure.status == .recorded {
                item.note = "recorded: the golden was written this run" + (failure.message.map { ". \($0)" } ?? "")
            }
        }
        switch (before, after) {
        case (nil, nil):
            throw ReviewError.cannotAccept(entry.name, "neither an expected nor an actual image")
        case (let before?, nil):
            item.status = .removed
            let image = try ReviewImageFile.decode(before, path: entry.expected!.path)
            item.expected = try placement.place(entry.expected!, encoded: before, decoded: image, id: entry.id, role: "expected")
            item.thumbnail = try placement.thumbnail(image, id: entry.id)
        case (nil, let after?):
            item.status = .new
            let image = try ReviewImageFile.decode(after, path: entry.actual!.path)
            item.actual = try placement.place(entry.actual!, encoded: after, decoded: image, id: entry.id, role: "actual")
            item.thumbnail = try placement.thumbnail(image, id: entry.id)
        case (let before?, let after?):
            // Equal bytes are equal pixels: nothing to decode (most of a large review).
            if before.bytes == after.bytes, entry.failure == nil {
                item.status = .unchanged
                try placeUnchanged(&item, after, decoded: nil)
                return item
            }
            let expected = try ReviewImageFile.decode(before, path: entry.expected!.path)
            let actual = try ReviewImageFile.decode(after, path: entry.actual!.path)
            if expected.size != actual.size {
                item.status = .changed
                let sizes = "size changed from \(expected.size) to \(actual.size)"
                item.note = item.note.map { "\(sizes). \($0)" } ?? sizes
            } else if expected.pixels == actual.pixels && entry.failure == nil {
                item.status = .unchanged
                try placeUnchanged(&item, after, decoded: actual)
                return item
            } else {
                let diff = try ImageDiff(actual, expected, threshold: threshold, makeDiffImage: true)
                item.figures = figures(of: diff)
                let differs = entry.failure != nil || diff.differingPixels > 0
                item.status = differs ? .changed : .unchanged
                if differs, let diffImage = diff.diffImage {
                    item.regions = DiffSignature.regions(of: diffImage)
                    item.signature = DiffSignature.signature(
                        expected: expected, actual: actual, diffImage: diffImage, regions: item.regions,
                        screen: item.facets.screen)
                    if let given = entry.diff {
                        let encoded = try ReviewImageFile.read(given.path)
                        item.diff = try placement.place(given, encoded: encoded, decoded: nil, id: entry.id, role: "diff")
                    } else {
                        item.diff = try placement.store(diffImage, id: entry.id, role: "diff")
                    }
                } else if !differs, diff.antiAliasedPixels > 0 || diff.maxDistance > 0 {
                    item.note =
                        "\(diff.antiAliasedPixels) anti-aliased pixels and distances under the threshold ignored"
                }
            }
            if item.status == .changed {
                item.expected = try placement.place(
                    entry.expected!, encoded: before, decoded: expected, id: entry.id, role: "expected")
                item.actual = try placement.place(
                    entry.actual!, encoded: after, decoded: actual, id: entry.id, role: "actual")
                item.thumbnail = try placement.thumbnail(actual, id: entry.id)
            } else {
                try placeUnchanged(&item, after, decoded: actual)
            }
        }
        return item
    }

    /// An unchanged image: linked where it is, or (self-contained) as a thumbnail only.
    private func placeUnchanged(_ item: inout ReviewItem, _ encoded: ReviewImageFile.Encoded, decoded: Image?) throws {
        if placement.selfContained {
            let image = try decoded ?? ReviewImageFile.decode(encoded, path: entry.actual!.path)
            item.thumbnail = try placement.thumbnail(image, id: entry.id)
        } else {
            item.actual = try placement.place(entry.actual!, encoded: encoded, decoded: decoded, id: entry.id, role: "actual")
        }
    }

    private func figures(of diff: ImageDiff) -> ReviewItem.Figures {
        var figures = ReviewItem.Figures(
            differingPixels: diff.differingPixels, totalPixels: diff.size.width * diff.size.height,
            ratio: diff.ratio, maxDistance: diff.maxDistance, antiAliasedPixels: diff.antiAliasedPixels,
            changedArea: diff.changedArea, densestWindowRatio: nil, threshold: diff.threshold)
        if let measured = entry.failure?.figures {
            // The test's own figures (its diff and tolerance) come first; the area is ours.
            figures.differingPixels = measured.differentPixels ?? figures.differingPixels
            figures.totalPixels = measured.totalPixels ?? figures.totalPixels
            figures.ratio = measured.ratio ?? figures.ratio
            figures.maxDistance = measured.maxDistance ?? figures.maxDistance
            figures.densestWindowRatio = measured.densestWindowRatio
            figures.threshold = entry.failure?.tolerance?.threshold ?? figures.threshold
            figures.antiAliasedPixels = nil
        }
        return figures
    }
}
