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
        if let path = ProcessInfo.processInfo.environment["HOWDY_DEMO_DIFF_OUT"] {
            // The diff image of two animation frames, to look at.
            let later = try DemoScene.render(time: 0.4)
            let diff = try ImageDiff(later.image, first.image, makeDiffImage: true)
            try diff.diffImage?.write(to: URL(fileURLWithPath: path))
            print(diff.summary)
        }
    }
}
