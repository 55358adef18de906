import Foundation

/// Admits render jobs while the pixels of the images being drawn at once stay within a
/// budget, so a render's memory is bounded by the budget, not by the core count times the
/// largest canvas: at scale 3 a tablet screen (8.7 megapixels, 35 MB of canvas, and up to
/// about as much again for its masked content layer, sized to what the content draws above
/// the footer's fade) is drawn alone, while screens of a few
/// megapixels still go two or more at a time. A job larger than the whole budget is
/// admitted when nothing else is in flight.
///
/// Only the schedule changes: every image is drawn the same way, so the bytes written do
/// not depend on it.
final class RenderAdmission: @unchecked Sendable {
    /// Pixels of all images drawn at once: at most about 9 bytes of working memory each
    /// (canvas, masked layer, compressed output; PNG scanlines are filtered in the canvas's
    /// own buffer), so about 90 MB.
    static let defaultBudget = 10_000_000

    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var inFlight = 0
    private let budget: Int

    init(budget: Int = defaultBudget) { self.budget = budget }

    /// Runs `body` once `pixels` fit in the budget beside the jobs in flight (or nothing
    /// else is in flight), then gives them back.
    func run<R>(pixels: Int, _ body: () throws -> R) rethrows -> R {
        condition.lock()
        while inFlight > 0, inFlight > budget - pixels { condition.wait() }
        inFlight += pixels
        condition.unlock()
        defer {
            condition.lock()
            inFlight -= pixels
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
