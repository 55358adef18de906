import HowdyNumbers
import Testing

@Suite("Checked integer conversion")
struct CheckedIntegerTests {
    @Test("checking: in-range values convert with the asked rounding")
    func inRange() {
        #expect(Int(checking: 2.5) == 2)
        #expect(Int(checking: 2.5, rounding: .up) == 3)
        #expect(Int(checking: -2.5, rounding: .down) == -3)
        #expect(Int(checking: 9, in: 0...9) == 9)
        #expect(Int32(checking: 2_147_483_647.0) == Int32.max)
    }

    @Test("checking: NaN, infinities, 1e19 and values outside the range are nil, never a trap")
    func outOfRange() {
        #expect(Int(checking: Double.nan) == nil)
        #expect(Int(checking: Double.infinity) == nil)
        #expect(Int(checking: -Double.infinity) == nil)
        #expect(Int(checking: 1e19) == nil)
        #expect(Int(checking: 9.3e18) == nil)
        #expect(Int(checking: -1e19) == nil)
        #expect(Int(checking: 10, in: 0...9) == nil)
        #expect(Int32(checking: 2_147_483_648.0) == nil)
        #expect(Int(checking: Float.greatestFiniteMagnitude) == nil)
    }

    @Test("saturating: clamps to the range; NaN is the lower bound")
    func saturating() {
        #expect(Int(saturating: 1e19) == Int.max)
        #expect(Int(saturating: -1e19) == Int.min)
        #expect(Int(saturating: Double.infinity, in: 0...100) == 100)
        #expect(Int(saturating: Double.nan, in: 5...100) == 5)
        #expect(Int(saturating: 42.7, rounding: .up, in: 0...100) == 43)
        #expect(Int(saturating: -3.0, in: 0...100) == 0)
        #expect(Int32(saturating: 1e300) == Int32.max)
    }

    @Test("saturatingRounded: Int(x.rounded()) for every in-range value, saturating outside")
    func saturatingRounded() {
        for value in [-2.5, -1.5, -0.5, -0.49, 0, 0.49, 0.5, 1.5, 2.5, 1e15 + 0.5, -1e15 - 0.5] {
            #expect(Int(saturatingRounded: value) == Int(value.rounded()), "\(value)")
        }
        for value: Float in [0, 0.5, 127.5, 254.49, 254.5, 255] {
            #expect(UInt8(saturatingRounded: value) == UInt8(value.rounded()), "\(value)")
        }
        #expect(UInt8(saturatingRounded: Float(255.5)) == 255)
        #expect(UInt8(saturatingRounded: Float(-3)) == 0)
        #expect(Int(saturatingRounded: Double.nan) == Int.min)
        #expect(Int(saturatingRounded: 1e300) == Int.max)
    }
}
