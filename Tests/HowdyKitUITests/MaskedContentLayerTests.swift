import Foundation
import HowdyKitUI
import HowdyRender
import Testing

/// A scrolling screen's content is drawn in a layer bounded to the rows its footer fade
/// shows (and to what its shadows and backdrop blurs read): the bytes are those of the
/// canvas-sized layer it replaces, on real example screens that scroll.
@Suite struct MaskedContentLayerTests {
    /// The list drawn with its content in a canvas-sized masked layer (the public API's
    /// layer, which knows nothing of what the content reads).
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

    /// The branded flow (material cards: backdrop blur, shadow) at the largest type size on
    /// the smallest and the largest portrait canvas, scrolled to the top and to the end.
    @Test func scrollingScreensDrawTheSameBytesAsWithACanvasSizedLayer() throws {
        let example = "branded"
        let document = try HowdyKitUITests.example(example)
        var compared = 0, withReads = 0
        for device in [DevicePreset.smallPhone, .tablet] {
            for scroll in [ScrollPosition.top, .end] {
                let environment = RenderEnvironment(
                    device: device, scale: 1, colorScheme: .dark, dynamicTypeSize: .accessibility5,
                    locale: document.locale, scroll: scroll)
                for named in FlowPages.screens(document) {
                    let list = try named.screen.layout(theme: document.theme, environment: environment)
                        .displayList(environment: environment)
                    guard let mask = list.contentMask, let shown = mask.shownRowCount, shown < list.height else {
                        continue
                    }
                    compared += 1
                    if list.content.contains(where: { $0.readsCanvas }) { withReads += 1 }
                    #expect(
                        try list.render() == (try canvasSizedLayer(list)),
                        "\(example) \(named.name) on \(device.name) scrolled \(scroll): the bounded layer drew other bytes")
                }
            }
        }
        // Not vacuous: screens scrolled under their footer were drawn, some with cards that
        // blur their backdrop or cast shadows.
        #expect(compared >= 8, "only \(compared) screens scrolled")
        #expect(withReads >= 4, "only \(withReads) scrolling screens blur or shadow")
    }
}

extension DisplayOperation {
    /// Whether the operation (or one inside it) is a shadow or a backdrop blur.
    fileprivate var readsCanvas: Bool {
        switch self {
        case .shadow, .backdropBlur: true
        case .layer(_, _, let operations), .clip(_, let operations): operations.contains { $0.readsCanvas }
        case .group(let group): group.operations.contains { $0.readsCanvas }
        default: false
        }
    }
}
