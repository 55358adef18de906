#if _endian(big)
    #error("PixelWords assumes little-endian words (r in the low byte)")
#endif

/// A read-only 32-bit view of an image's premultiplied RGBA bytes: one word per pixel,
/// red in the low byte and alpha in the high byte (little-endian).
///
/// The one audited way to read pixels as words: it loads through the raw bytes
/// (`loadUnaligned`), so the `[UInt8]` storage is never rebound to `UInt32`. Valid only
/// inside the `withUnsafePixelWords` call that made it.
public struct PixelWords {
    let raw: UnsafeRawBufferPointer

    init(raw: UnsafeRawBufferPointer) { self.raw = raw }

    /// A view of byte storage already borrowed elsewhere (ImageDiff's kernels).
    init(_ pixels: UnsafeBufferPointer<UInt8>) { raw = UnsafeRawBufferPointer(pixels) }

    /// The number of pixels.
    public var count: Int { raw.count / 4 }

    /// The word of pixel `index` (row-major: `y * width + x`); `index` must be in range.
    public subscript(index: Int) -> UInt32 {
        precondition(index >= 0 && index < count, "pixel \(index) outside 0..<\(count)")
        return raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
    }

    /// True when every pixel satisfies `predicate`.
    public func allSatisfy(_ predicate: (UInt32) throws -> Bool) rethrows -> Bool {
        for offset in stride(from: 0, to: count * 4, by: 4)
        where try !predicate(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) {
            return false
        }
        return true
    }
}

/// A writable 32-bit view of an image's pixels; see `PixelWords`. Stores go through the
/// raw bytes (`storeBytes`).
public struct MutablePixelWords {
    let raw: UnsafeMutableRawBufferPointer

    /// The number of pixels.
    public var count: Int { raw.count / 4 }

    /// The word of pixel `index`; `index` must be in range.
    public subscript(index: Int) -> UInt32 {
        get {
            precondition(index >= 0 && index < count, "pixel \(index) outside 0..<\(count)")
            return raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
        }
        nonmutating set {
            precondition(index >= 0 && index < count, "pixel \(index) outside 0..<\(count)")
            raw.storeBytes(of: newValue, toByteOffset: index * 4, as: UInt32.self)
        }
    }

    /// Sets every pixel to `word`.
    public func update(repeating word: UInt32) {
        for offset in stride(from: 0, to: count * 4, by: 4) {
            raw.storeBytes(of: word, toByteOffset: offset, as: UInt32.self)
        }
    }
}

extension Image {
    /// Runs `body` with a 32-bit view of the pixels (see `PixelWords`); the view must not
    /// escape `body`.
    public func withUnsafePixelWords<R>(_ body: (PixelWords) throws -> R) rethrows -> R {
        try pixels.withUnsafeBytes { try body(PixelWords(raw: $0)) }
    }

    /// Runs `body` with a writable 32-bit view of the pixels; the view must not escape `body`.
    public mutating func withUnsafeMutablePixelWords<R>(_ body: (MutablePixelWords) throws -> R) rethrows -> R {
        try pixels.withUnsafeMutableBytes { try body(MutablePixelWords(raw: $0)) }
    }
}
