import Dispatch
import Foundation
import Synchronization
import Testing

@testable import HowdyKitUI

/// Render jobs are admitted while the pixels in flight fit the budget; a job larger than
/// the budget runs alone; every job runs once.
@Suite struct RenderAdmissionTests {
    @Test func pixelsInFlightStayWithinTheBudgetAndAnOversizedJobRunsAlone() {
        let admission = RenderAdmission(budget: 10)
        let sizes = [6, 6, 3, 12, 4, 4, 4, 1, 9, 2, 7, 5, 12, 3, 3, 3]
        struct Seen { var inFlight = 0, running = 0, worst = 0, oversizedWithOthers = false, ran = 0 }
        let seen = Mutex(Seen())
        DispatchQueue.concurrentPerform(iterations: sizes.count) { index in
            let pixels = sizes[index]
            admission.run(pixels: pixels) {
                seen.withLock { seen in
                    seen.inFlight += pixels
                    seen.running += 1
                    if pixels <= 10 { seen.worst = max(seen.worst, seen.inFlight) }
                    if pixels > 10, seen.running > 1 { seen.oversizedWithOthers = true }
                }
                usleep(3000)
                seen.withLock { seen in
                    if pixels > 10, seen.running > 1 { seen.oversizedWithOthers = true }
                    seen.inFlight -= pixels
                    seen.running -= 1
                    seen.ran += 1
                }
            }
        }
        let final = seen.withLock { $0 }
        #expect(final.ran == sizes.count)
        #expect(final.worst <= 10)
        #expect(!final.oversizedWithOthers)
    }
}
