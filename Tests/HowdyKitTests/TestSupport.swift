import Foundation
import Observation

@testable import HowdyKit

/// A fresh empty directory under the system temp dir, removed by the caller with `cleanup()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("howdykit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func cleanup() { try? FileManager.default.removeItem(at: url) }
}

/// Counts how many times observers of `read` were told about a change while `body` ran.
func observedChanges(_ read: @escaping () -> Void, during body: () -> Void) -> Int {
    let counter = ChangeCounter()
    func track() {
        withObservationTracking(read) {
            counter.count += 1
        }
    }
    track()
    body()
    return counter.count
}

/// Only touched from the test's own thread (observation's onChange runs synchronously on willSet).
final class ChangeCounter: @unchecked Sendable {
    var count = 0
}

/// Thread-safe collector for messages reported from Sendable closures.
final class Collector<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []

    func append(_ item: T) { lock.withLock { items.append(item) } }
    var all: [T] { lock.withLock { items } }
}
