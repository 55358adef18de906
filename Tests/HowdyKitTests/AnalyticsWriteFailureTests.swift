import Foundation
import Testing

@testable import HowdyKit

@Suite("JSON-lines analytics: a failed write")
struct AnalyticsWriteFailureTests {
    @Test("a full disk is kept as writeFailure, never a trap")
    func fullDisk() throws {
        let handle = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let sink = JSONLinesAnalyticsSink(handle: handle, clock: { Date(timeIntervalSince1970: 0) })
        #expect(sink.writeFailure == nil)
        sink.record(OnboardingEvent(.skipped, step: "x", value: false))
        sink.record(OnboardingEvent(.skipped, step: "y", value: false))
        let failure = try #require(sink.writeFailure)
        #expect("\(failure)".contains("space") || (failure as NSError).code != 0)
    }
}
