import Foundation
import HowdyRender
import Testing

@Suite struct DemoTests {
    @Test func demoSceneRendersAndIsDeterministic() throws {
        let first = try DemoScene.render()
        let second = try DemoScene.render()
        #expect(first.image == second.image)
        if let path = ProcessInfo.processInfo.environment["HOWDY_DEMO_OUT"] {
            try first.image.write(to: URL(fileURLWithPath: path))
        }
    }
}
