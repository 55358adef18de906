import Foundation
import Testing

@testable import HowdyText

/// `ReadMostly.tryWrite` never waits: with every stripe free it writes as `write` does;
/// while another thread reads (holds its stripe) it runs nothing and answers nil, and the
/// state is as it was. The caches' stores rely on both halves (`WordShapeCache.store`,
/// `SegmentCache`): a store that waited slept behind the other thread's lookups.
@Suite struct ReadMostlyTests {
    @Test("tryWrite writes when every stripe is free")
    func writesWhenFree() {
        let value = ReadMostly<Int, Void>(1)
        #expect(
            value.tryWrite { state -> Int in
                state += 1
                return state
            } == 2)
        #expect(value.read { $0.pointee } == 2)
    }

    @Test("tryWrite gives up, running nothing, while another thread reads; writes once it is done")
    func givesUpWhileRead() {
        let value = ReadMostly<Int, Void>(1)
        let reading = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        // The reader runs on a thread of its own, which takes a stripe of its own: the
        // first `ThreadStripe.count` threads get one each, and this one is new.
        let reader = Thread {
            value.read { _ in
                reading.signal()
                // Bounded, so that a tryWrite that waited fails the test rather than hanging it.
                _ = done.wait(timeout: .now() + 5)
            }
            finished.signal()
        }
        reader.start()
        reading.wait()
        var ran = false
        let answer = value.tryWrite { state -> Int in
            ran = true
            state = 99
            return state
        }
        done.signal()
        finished.wait()
        #expect(answer == nil)
        #expect(!ran, "tryWrite ran its body while a stripe was held")
        #expect(value.read { $0.pointee } == 1)
        #expect(
            value.tryWrite { state -> Int in
                state = 3
                return state
            } == 3)
    }

    @Test("a reader waits for a writer, and sees its whole write")
    func readerWaitsForWriter() {
        let value = ReadMostly<[Int], Void>([])
        let writing = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let writer = Thread {
            value.write { state in
                writing.signal()
                // Long enough that the reader below spins out and sleeps on the lock.
                for index in 0..<1000 {
                    state.append(index)
                    usleep(index.isMultiple(of: 100) ? 1000 : 0)
                }
            }
            finished.signal()
        }
        writer.start()
        writing.wait()
        let count = value.read { $0.pointee.count }
        finished.wait()
        #expect(count == 1000)
    }
}
