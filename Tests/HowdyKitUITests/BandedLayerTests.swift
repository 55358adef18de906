import Foundation
import HowdyKitUI
import HowdyRender
import Testing

/// A layer (a scrolling screen's masked content) is drawn a band of rows at a time: the
/// bytes are those of the canvas-sized layer whatever the band height, on real example
/// screens with material cards (backdrop blurs, shadows), texts and strokes.
@Suite struct BandedLayerTests {
    /// The list drawn with its content in one canvas-sized masked layer (the public API's
    /// layer, which knows nothing of bands or of what the content reads).
    private func canvasSizedLayer(_ list: DisplayList) throws -> Image {
        var canvas = try Canvas(width: list.width, height: list.height)
        for operation in list.background { try operation.render(into: &canvas) }
        if let mask = list.contentMask {
            try canvas.layer(opacity: 1, mask: mask) { layer in
                for operation in list.content { try operation.render(into: &layer) }
            }
        } else {
            for operation in list.content { try operation.render(into: &canvas) }
        }
        for operation in list.footer + list.overlay { try operation.render(into: &canvas) }
        return canvas.image
    }

    /// The display lists of every screen of `example` on `device` in `scheme` at the largest
    /// type size, scrolled to the top and to the end, that have a masked content layer.
    private func maskedLists(_ example: String, on device: DevicePreset, _ scheme: ColorScheme) throws
        -> [(String, DisplayList)]
    {
        let document = try HowdyKitUITests.example(example)
        var lists: [(String, DisplayList)] = []
        for scroll in [ScrollPosition.top, .end] {
            let environment = RenderEnvironment(
                device: device, scale: 1, colorScheme: scheme, dynamicTypeSize: .accessibility5,
                locale: document.locale, scroll: scroll)
            for named in FlowPages.screens(document) {
                let list = try named.screen.layout(theme: document.theme, environment: environment)
                    .displayList(environment: environment)
                guard list.contentMask != nil else { continue }
                lists.append(("\(example) \(named.name) \(device.name) \(scheme) \(scroll)", list))
            }
        }
        return lists
    }

    /// Bands of 1, 7 and 64 rows, the default band and one band for the whole layer give
    /// the bytes of the unbanded layer.
    @Test(arguments: [DevicePreset.smallPhone, .tablet])
    func everyBandHeightDrawsTheBytesOfTheWholeLayer(device: DevicePreset) throws {
        // Light on the small phone, dark on the tablet: both schemes, half the drawing.
        let lists = try maskedLists("branded", on: device, device == .smallPhone ? .light : .dark)
        var withReads = 0
        for (index, (name, list)) in lists.enumerated() {
            let whole = try canvasSizedLayer(list)
            if list.content.contains(where: { $0.readsWhole }) { withReads += 1 }
            // The default band on every screen, the other heights in turns (each band draws
            // every operation again: a debug build draws a small phone's 667 one-row bands slowly).
            let turns: [Int] = [device == .smallPhone ? 1 : 7, 7, 64, list.height]
            for rows in [nil, turns[index % turns.count]] {
                #expect(
                    try list.render(bandRows: rows) == whole,
                    "\(name): bands of \(rows.map(String.init) ?? "default") rows drew other bytes")
            }
        }
        // Not vacuous: masked screens were drawn, some with cards that blur or cast shadows.
        #expect(lists.count >= 6, "only \(lists.count) masked screens")
        #expect(withReads >= 3, "only \(withReads) masked screens blur or shadow")
    }

    /// The rule that keeps a shadow's or backdrop blur's area in one band is what keeps the
    /// bytes: the same bands cut anywhere (no kept rows) draw other bytes on a screen whose
    /// card blurs its backdrop.
    @Test func cuttingThroughABlurChangesTheBytes() throws {
        var differing = 0, compared = 0
        for (_, list) in try maskedLists("branded", on: .tablet, .light) where compared < 4 {
            guard let mask = list.contentMask, list.content.contains(where: { $0.readsWhole }) else { continue }
            compared += 1
            var canvas = try Canvas(width: list.width, height: list.height)
            for operation in list.background { try operation.render(into: &canvas) }
            // The whole canvas kept, as the canvas-sized layer, but its rows free to cut.
            try canvas.layer(
                opacity: 1, mask: mask, drawn: nil, kept: canvas.pixelBoundsForTests, keptRows: [], bandRows: 7
            ) { layer in
                for operation in list.content { try operation.render(into: &layer, bandRows: 7) }
            }
            for operation in list.footer + list.overlay { try operation.render(into: &canvas) }
            if canvas.image != (try canvasSizedLayer(list)) { differing += 1 }
        }
        let changed = "\(differing) of \(compared) screens changed"
        #expect(differing >= 2, "only \(changed) when bands cut through what is read whole")
    }
}

extension DisplayOperation {
    /// Whether the operation (or one inside it) reads or resamples an area whole: a shadow,
    /// a backdrop blur or an image.
    fileprivate var readsWhole: Bool {
        switch self {
        case .shadow, .backdropBlur, .image: true
        case .layer(_, _, let operations), .clip(_, let operations): operations.contains { $0.readsWhole }
        case .group(let group): group.operations.contains { $0.readsWhole }
        default: false
        }
    }
}

extension Canvas {
    /// The whole canvas, drawing coordinates.
    fileprivate var pixelBoundsForTests: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}
