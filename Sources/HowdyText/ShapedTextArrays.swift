import Synchronization

/// The per-text arrays a `ShapedText` fills while it is made (its UTF-16 units, runs,
/// the five glyph columns, the advance prefix sums and the unsafe-to-break bits), kept
/// when its storage goes away and handed, emptied, to the next text shaped on the same
/// thread stripe: a JSON-lines request otherwise allocated and freed each of them.
///
/// Reuse never changes a result: every array is emptied (`removeAll(keepingCapacity:)`)
/// or refilled whole before use, and an array another value still shares is copied on
/// write as any array would be. Sets whose arrays grew past `pooledLength` units are
/// freed, so the pool holds at most `poolLimit` small sets per stripe.
struct ShapedTextArrays {
    var utf16: [UInt16] = []
    var runs: [TextRunGlyphs] = []
    var glyphs: [UInt32] = []
    var clusters: [Int32] = []
    var advances: [Int32] = []
    var offsetsX: [Int32] = []
    var offsetsY: [Int32] = []
    var prefix: [Int] = []
    var unsafeWords: [UInt64] = []
    /// `RunShaper`'s per-run arrays (words, hashes, glyph ranges), emptied by each use.
    var scratch: RunScratch?

    /// Texts longer than this (UTF-16 units) give nothing back.
    static let pooledLength = 1024
    /// Idle sets per thread stripe.
    static let poolLimit = 2

    private static let pool = Striped<[ShapedTextArrays]> { [] }
    private static let counts = Atomic<Int>(0)
    /// False: `take()` hands out new arrays only (for tests comparing with fresh arrays).
    static let isEnabled = Atomic<Bool>(true)

    /// An idle set from the calling thread's stripe, emptied, or a new empty one.
    static func take() -> ShapedTextArrays {
        guard isEnabled.load(ordering: .relaxed), var arrays = pool.withStripe({ $0.popLast() }) else {
            return ShapedTextArrays()
        }
        counts.add(1, ordering: .relaxed)
        arrays.utf16.removeAll(keepingCapacity: true)
        arrays.runs.removeAll(keepingCapacity: true)
        arrays.glyphs.removeAll(keepingCapacity: true)
        arrays.clusters.removeAll(keepingCapacity: true)
        arrays.advances.removeAll(keepingCapacity: true)
        arrays.offsetsX.removeAll(keepingCapacity: true)
        arrays.offsetsY.removeAll(keepingCapacity: true)
        arrays.prefix.removeAll(keepingCapacity: true)
        arrays.unsafeWords.removeAll(keepingCapacity: true)
        return arrays
    }

    /// Keeps `arrays` for a later `take()` when they are small and the stripe has room.
    /// Consumed and moved into the pool (through `Optional.take()`, since the stripe's
    /// closure cannot consume what it captures): passed borrowed, the append copied the
    /// nine arrays, a retain each, and the caller's value then released them again.
    static func recycle(_ arrays: consuming ShapedTextArrays) {
        guard arrays.utf16.count <= pooledLength, arrays.glyphs.count <= 2 * pooledLength,
            arrays.scratch.map({ $0.pieces.capacity <= pooledLength && $0.chosen.capacity <= pooledLength }) ?? true
        else { return }
        var moving: ShapedTextArrays? = consume arrays
        pool.withStripe { idle in
            if idle.count < poolLimit, let arrays = moving.take() { idle.append(arrays) }
        }
    }

    /// `array`, moved out and left empty: no retain and release, as reading it and then
    /// emptying the set would cost.
    static func moveOut<Element>(_ array: inout [Element]) -> [Element] {
        var moved: [Element] = []
        swap(&moved, &array)
        return moved
    }

    /// How many sets `take()` has handed out again since the process began (for tests).
    static var reuses: Int { counts.load(ordering: .relaxed) }

    /// Frees every idle set (for tests: the next texts get new arrays).
    static func drain() { pool.forEach { $0.removeAll() } }
}
