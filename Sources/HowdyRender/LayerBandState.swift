/// What the bands of one banded layer share (`Canvas.bands`, set on each band's canvas by
/// `Canvas.layer(opacity:mask:drawn:kept:keptRows:readAhead:bandRows:_:)`).
///
/// A band's canvas holds the band's rows and, below them, the rows its backdrop blurs read
/// ahead. Its blurs and shadows are those of the whole layer: bounded by `region`, not by
/// the band, and each carried from band to band. A backdrop blur keeps its `StreamingBlur`
/// (the rows its windows span), so the rows above the band it read before they were
/// composited are not read again; a shadow keeps its blurred plane while its area reaches
/// later bands. The body draws the same calls in the same order in every band, so the
/// n-th blur or shadow call of one band is the n-th of the next: its key here.
struct LayerBandState: Sendable {
    /// The whole layer's pixels, drawing coordinates: what bounds its blurs and shadows,
    /// as the canvas of the unbanded layer does.
    let region: PixelRect
    /// The rows this band composites. Rows of the band's canvas below them are read ahead
    /// and drawn again by the next band.
    var rows: Range<Int>
    /// Blur and shadow calls made so far in this band.
    private(set) var calls = 0
    /// Blurs under way: the rows above this band are in, by call.
    var blurs: [Int: StreamingBlur] = [:]
    /// Blurs whose every row is out, by call.
    var finishedBlurs: Set<Int> = []
    /// Shadows' blurred planes kept for a later band, by call.
    var shadows: [Int: FloatPlane] = [:]

    init(region: PixelRect) {
        self.region = region
        rows = region.y..<region.y
    }

    /// Starts the band of `rows`: calls count from 0 again.
    mutating func start(rows: Range<Int>) {
        self.rows = rows
        calls = 0
    }

    /// The key of the next blur or shadow call.
    mutating func nextCall() -> Int {
        defer { calls += 1 }
        return calls
    }
}
