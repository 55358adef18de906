import HowdyNumbers
import HowdyRender

extension DisplayOperation {
    /// How far down the canvas what this operation draws depends on the canvas: one past
    /// the lowest px row (drawing coordinates) a shadow or backdrop blur among it reads or
    /// lays its blur grid over, `Int.min` when it reads nothing (fills, strokes, texts and
    /// images draw each pixel from its own position alone), nil when that is not known (a
    /// blob paint's blur grid follows the area drawn; pixels replace a whole layer).
    ///
    /// A masked layer is allocated down to this row or the mask's last shown row,
    /// whichever is lower on the canvas, and draws the same bytes as a canvas-sized one.
    var rowReach: Int? {
        switch self {
        case .fill(_, .blobs): return nil
        case .fill, .stroke, .text, .image: return Int.min
        case .pixels: return nil
        case .shadow(let shape, _, let offset, let blurRadius):
            // Canvas.drawShadow: the shadow shape's enclosing pixels padded by 3σ + 2, σ = blur / 2.
            let sigma = min(blurRadius, 2048) / 2
            guard sigma > 0.2 else { return Int.min }
            return Int(saturating: shape.bounds.maxY + offset.y, rounding: .up)
                .addingSaturating(Int(saturating: 3 * sigma, rounding: .up) + 3)
        case .backdropBlur(let shape, let sigma):
            // Canvas.blurBackdrop: the shape's enclosing pixels padded by 3σ (σ capped at 256).
            guard sigma.isFinite, sigma > 0.2 else { return Int.min }
            return Int(saturating: shape.bounds.maxY, rounding: .up)
                .addingSaturating(Int(saturating: 3 * min(sigma, 256), rounding: .up) + 1)
        case .layer(_, _, let operations), .clip(_, let operations): return Self.rowReach(of: operations)
        case .group(let group): return Self.rowReach(of: group.operations)
        }
    }

    /// The lowest `rowReach` of `operations` (nil when any is unknown).
    static func rowReach(of operations: [DisplayOperation]) -> Int? {
        var reach = Int.min
        for operation in operations {
            guard let own = operation.rowReach else { return nil }
            reach = max(reach, own)
        }
        return reach
    }
}

extension Int {
    fileprivate func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
