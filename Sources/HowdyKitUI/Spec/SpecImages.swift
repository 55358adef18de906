import HowdyRender
import Synchronization

/// The images one spec decode has read (icons and custom `image` nodes), by resolved path.
///
/// A spec may name one file from many nodes: 480 `image` nodes pointing at one 207-byte PNG
/// decoded it 480 times (2 GB). Here each file is decoded once per spec and shared (an
/// `Image` is a value whose pixels are shared until written), and the distinct images of a
/// spec decode to at most `PixelBudget.maximumPixelsPerSpec` pixels in total, checked from
/// each header before its pixels are allocated.
final class SpecImages: Sendable {
    private let state = Mutex(State())

    private struct State {
        var images: [String: Image] = [:]
        var pixels = 0
    }

    /// The images of the spec being decoded on this task, when `FlowDocument.decode` runs.
    @TaskLocal static var current: SpecImages?

    /// The image at `path` (resolved, without links in its folder), decoded by `decode` the
    /// first time, after `size` (its header's) has been counted against the spec's budget.
    /// - Throws: `SpecImagesError.overBudget` when the spec's images would exceed the budget,
    ///   or what `decode` throws.
    func image(
        at path: String, size: PixelSize, decode: () throws -> Image
    ) throws -> Image {
        if let image = state.withLock({ $0.images[path] }) { return image }
        // The size was checked against PixelBudget.limits: the product cannot overflow.
        try state.withLock { state throws(SpecImagesError) in
            let total = state.pixels + size.width * size.height
            guard total <= PixelBudget.maximumPixelsPerSpec else {
                throw .overBudget(total: total, limit: PixelBudget.maximumPixelsPerSpec)
            }
            state.pixels = total
        }
        let image = try decode()
        state.withLock { $0.images[path] = image }
        return image
    }
}

/// Why a spec's images are refused as a whole.
enum SpecImagesError: Error, CustomStringConvertible {
    case overBudget(total: Int, limit: Int)

    var description: String {
        switch self {
        case .overBudget(let total, let limit):
            "the spec's images (each file counted once) would decode to \(total) pixels, over the limit of \(limit) for one spec"
        }
    }
}
