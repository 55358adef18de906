/// An 8×8 ordered (Bayer) dither: offsets in (−0.5, 0.5) added before rounding to 8 bits,
/// so smooth gradients show no bands. Offsets stay strictly inside ±0.5, so a value that is
/// already a whole number (a gradient's end colour) always rounds to itself.
enum Dither {
    static let matrix: [Float] = {
        let bayer: [Int] = [
            0, 32, 8, 40, 2, 34, 10, 42,
            48, 16, 56, 24, 50, 18, 58, 26,
            12, 44, 4, 36, 14, 46, 6, 38,
            60, 28, 52, 20, 62, 30, 54, 22,
            3, 35, 11, 43, 1, 33, 9, 41,
            51, 19, 59, 27, 49, 17, 57, 25,
            15, 47, 7, 39, 13, 45, 5, 37,
            63, 31, 55, 23, 61, 29, 53, 21,
        ]
        return bayer.map { (Float($0) + 0.5) / 64 - 0.5 }
    }()
}
