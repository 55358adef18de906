import Foundation
import HowdyKitUI
import HowdyReview
import Testing

/// The render matrix is planned before anything is drawn: duplicates merge, a matrix over
/// the cap is refused with its count, shards split the plan by pixel cost.
@Suite struct RenderPlanTests {
    @Test func repeatedAxisValuesMergeInSpecsAndPlans() throws {
        let document = try FlowDocument.decode(
            Data(
                #"{ "steps": [{ "id": "a", "kind": "feature" }], "render": { "devices": ["phone", "phone", "all"], "schemes": ["light", "light"], "times": [0, 1, 0, 1], "dynamicTypeSizes": ["large", "large"], "scroll": ["top", 0, "end", "end"] } }"#
                    .utf8))
        #expect(document.matrix.devices.map(\.name) == ["phone", "small-phone", "tablet", "desktop"])
        #expect(document.matrix.schemes == [.light])
        #expect(document.matrix.times == [0, 1])
        #expect(document.matrix.dynamicTypeSizes == [.large])
        #expect(document.matrix.scrollPositions == [.top, .end])
        // A matrix built in code merges too, when it is planned.
        let matrix = RenderMatrix(
            devices: [.phone, .phone], schemes: [.light, .light], times: [0, 0], scrollPositions: [.top, .top])
        #expect(matrix.environmentCount == 1)
        #expect(matrix.environments(locale: "en").count == 1)
        let plan = try RenderPlan(document, matrix: matrix)
        #expect(plan.jobs.count == plan.screens.count)
        #expect(Set(plan.jobs.map(\.fileName)).count == plan.jobs.count)
    }

    @Test func aMatrixOverTheCapIsRefusedWithItsCountBeforeAnythingIsBuilt() throws {
        let document = try example("plain")
        // 100,000 copies of one device merge into one: well under the cap.
        let copies = RenderMatrix(devices: Array(repeating: .phone, count: 100_000), schemes: [.light])
        let plan = try RenderPlan(document, matrix: copies)
        #expect(plan.environments.count == 1)
        // 100,000 distinct times do not.
        let times = RenderMatrix(schemes: [.light], times: (0..<100_000).map(Double.init))
        #expect(throws: RenderPlanError.self) { try RenderPlan(document, matrix: times) }
        do {
            _ = try RenderPlan(document, matrix: times)
        } catch {
            #expect(
                error.description
                    == "the render matrix has 300000 images (3 screens × 1 device × 1 scheme × 1 type size × 100000 times × 1 scroll position), over the limit of 10000; narrow the matrix or raise the limit with --max-images N"
            )
        }
        // The cap is the caller's to raise or lower.
        #expect(throws: RenderPlanError.self) {
            try RenderPlan(document, matrix: RenderMatrix(schemes: [.light, .dark]), maxImages: 5)
        }
        #expect(try RenderPlan(document, matrix: RenderMatrix(schemes: [.light, .dark]), maxImages: 6).jobs.count == 6)
        // A product past Int.max is counted as such, not trapped.
        let huge = RenderMatrix(
            devices: DevicePreset.all, times: (0..<100_000).map(Double.init),
            scrollPositions: (0..<100_000).compactMap { ScrollPosition(points: Double($0)) })
        #expect(huge.environmentCount == 4 * 2 * 100_000 * 100_000)
    }

    @Test func reduceMotionIsInTheFileName() {
        let animated = RenderEnvironment(device: .phone, scale: 1, time: 2)
        var still = animated
        still.reduceMotion = true
        #expect(
            RenderJob.fileName(screen: "01-welcome", environment: animated, format: .png)
                == "01-welcome_phone-light-t2@1x.png")
        #expect(
            RenderJob.fileName(screen: "01-welcome", environment: still, format: .png)
                == "01-welcome_phone-light-t2-reduce-motion@1x.png")
    }

    @Test func captionsNameTheScrollPositionAndMotion() {
        var file = RenderedFile(
            screen: "01-welcome", fileName: "x.png", device: "phone", scheme: .dark, dynamicTypeSize: .accessibility5,
            time: 0, scale: 3, scroll: "end", reduceMotion: true, pixelWidth: 1, pixelHeight: 1)
        #expect(RenderIndex.caption(file) == "phone · dark · accessibility5 · scroll end · reduce motion · @3x")
        file.scroll = "120"
        file.reduceMotion = false
        #expect(RenderIndex.caption(file) == "phone · dark · accessibility5 · scroll 120 pt · @3x")
        file.scroll = "top"
        #expect(RenderIndex.caption(file) == "phone · dark · accessibility5 · @3x")
    }

    @Test func shardsPartitionThePlanBalancedByPixelsNotCount() throws {
        let document = try example("branded")
        let matrix = RenderMatrix(devices: DevicePreset.all, schemes: [.light, .dark], scale: 2)
        let plan = try RenderPlan(document, matrix: matrix)
        let count = 4
        let shards = (1...count).map { plan.jobs(in: RenderShard(index: $0, count: count)!) }
        // Every job in exactly one shard, each shard in matrix order.
        let all = shards.flatMap { $0.map(\.order) }
        #expect(all.sorted() == plan.jobs.map(\.order))
        for shard in shards { #expect(shard.map(\.order) == shard.map(\.order).sorted()) }
        // Deterministic: the same plan gives the same split.
        #expect(plan.jobs(in: RenderShard(index: 2, count: count)!) == shards[1])
        // Balanced by pixels: loads differ by at most one job's cost.
        let loads = shards.map { $0.reduce(0) { $0 + $1.cost } }
        let largest = plan.jobs.map(\.cost).max()!
        #expect(loads.max()! - loads.min()! <= largest)
        // A tablet image costs nearly four small-phone images, so a split by count is
        // off by far more than one job.
        // Contiguous equal-count chunks of the matrix, the naive split.
        let byCount = plan.jobs.indices.map { $0 * count / plan.jobs.count }
        let countLoads = (0..<count).map { shard in
            zip(plan.jobs, byCount).filter { $0.1 == shard }.reduce(0) { $0 + $1.0.cost }
        }
        #expect(loads.max()! - loads.min()! < countLoads.max()! - countLoads.min()!)
    }

    @Test func shardNamesParse() {
        #expect(RenderShard("2/4") == RenderShard(index: 2, count: 4))
        for bad in ["0/4", "5/4", "1/0", "1/1001", "a/4", "2/", "/4", "2/4/1", "-1/4", "99999999999999999999/4", ""] {
            #expect(RenderShard(bad) == nil, "\(bad)")
        }
    }
}
