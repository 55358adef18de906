import HowdyKitUI
import HowdyRender
import Testing

/// Layout frames become px rectangles through the one validating constructor: a frame that
/// is not a rectangle is an error naming it, never NaN in a shape.
@Suite struct LayoutGeometryTests {
    @Test func framesThatAreNoRectangleAreRefusedByName() throws {
        #expect(try Frame(x: 1, y: 2, width: 3, height: 4).pixels(2) == Rect(x: 2, y: 4, width: 6, height: 8))
        #expect(
            throws: RenderError.invalidGeometry(
                "frame (x: 0.0, y: 0.0, width: -1.0, height: 4.0) pt at scale 3.0: rectangle (x: 0.0, y: 0.0, width: -3.0, height: 12.0) has a negative width (-3.0)"
            )
        ) { try Frame(x: 0, y: 0, width: -1, height: 4).pixels(3) }
        #expect(throws: RenderError.self) { try Frame(x: 1e308, y: 0, width: 1, height: 1).pixels(3) }
        #expect(throws: RenderError.self) { try Frame(x: .nan, y: 0, width: 1, height: 1).pixels(1) }
    }

    @Test func aSliderWithNoPositionIsAGeometryError() throws {
        // The backstop behind the spec's range check: a NaN fraction never reaches a shape.
        let engine = LayoutEngine(environment: RenderEnvironment(device: .phone, scale: 2))
        let slider = Decoration.slider(fraction: .nan, rightToLeft: false, track: .black, fill: .white, scheme: .light)
        let frame = Frame(x: 10, y: 10, width: 300, height: 30)
        #expect(throws: RenderError.self) { try slider.operations(in: frame, engine: engine) }
        let halfway = Decoration.slider(fraction: 0.5, rightToLeft: false, track: .black, fill: .white, scheme: .light)
        #expect(try halfway.operations(in: frame, engine: engine).count == 4)
    }

    @Test func contrastOfAFrameThatIsNoRectangleThrowsInsteadOfPassing() throws {
        let image = try Image(width: 4, height: 4, fill: .white)
        for frame in [Frame(x: 0, y: 0, width: -1, height: 1), Frame(x: .nan, y: 0, width: 2, height: 2)] {
            #expect(throws: RenderError.self) {
                try ContrastLint.worstRatio(color: .black, over: image, frame: frame, scale: 1)
            }
        }
        #expect(
            try ContrastLint.worstRatio(
                color: .black, over: image, frame: Frame(x: 0, y: 0, width: 2, height: 2), scale: 1) == 21)
    }
}
