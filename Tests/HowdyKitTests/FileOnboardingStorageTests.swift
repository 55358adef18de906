import Foundation
import Testing

@testable import HowdyKit

@Suite("FileOnboardingStorage")
struct FileOnboardingStorageTests {
    @Test("a missing file is an empty store; records persist across instances")
    func persistsAcrossInstances() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        #expect(try FileOnboardingStorage(url: url).load() == OnboardingStoreContents())
        try FileOnboardingStorage(url: url).write(true, for: "com.example.app.welcome")
        try FileOnboardingStorage(url: url).write(false, for: "com.example.app.tips")
        let again = FileOnboardingStorage(url: url)
        #expect(again.value(for: "com.example.app.welcome") == true)
        #expect(again.value(for: "com.example.app.tips") == false)
        #expect(again.value(for: "com.example.app.other") == nil)
    }

    @Test("the file is readable JSON with format, version, records and answers")
    func fileFormat() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let storage = FileOnboardingStorage(url: directory.file("store.json"))
        storage.setValue(true, for: "a.b")
        storage.setAnswer(.number(15), for: "mins")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: storage.url)) as? [String: Any]
        #expect(object?["format"] as? String == "howdy-onboarding-store")
        #expect(object?["version"] as? Int == 1)
        #expect((object?["records"] as? [String: Bool])?["a.b"] == true)
        #expect((object?["answers"] as? [String: Double])?["mins"] == 15)
    }

    @Test("writes leave no temporary files behind; the lock file stays")
    func noTempFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let storage = FileOnboardingStorage(url: directory.file("store.json"))
        for index in 0..<5 { try storage.write(index % 2 == 0, for: OnboardingStepID("s.\(index)")) }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        #expect(names == ["store.json", "store.json.lock"])
    }

    @Test("threads writing concurrently lose nothing (read-modify-write under the lock)")
    func concurrentThreads() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    let storage = FileOnboardingStorage(url: url)
                    for index in 0..<25 { storage.setValue(true, for: OnboardingStepID("w\(writer).\(index)")) }
                }
            }
        }
        #expect(try FileOnboardingStorage(url: url).load().records.count == 100)
    }

    // MARK: Bad files

    @Test(
        "a corrupt or truncated file is reported with its path and left untouched",
        arguments: [
            "", "   \n", #"{"format": "howdy-onboarding-store", "records": {"a": tr"#, "[1, 2]", #"{"records": []}"#,
            "\u{0}\u{1}garbage",
        ]
    )
    func corruptFileReported(text: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        try Data(text.utf8).write(to: url)
        let errors = Collector<FileOnboardingStorageError>()
        let storage = FileOnboardingStorage(url: url, onError: { errors.append($0) })

        let error = try #require(throws: FileOnboardingStorageError.self) { try storage.load() }
        #expect(error.kind == .corrupt)
        #expect(error.path == url.path)
        #expect(error.description.contains(url.path))
        #expect(error.description.contains("left untouched"))

        #expect(throws: FileOnboardingStorageError.self) { try storage.write(true, for: "a") }
        // The non-throwing protocol methods report through onError and write nothing.
        #expect(storage.value(for: "a") == nil)
        storage.setValue(true, for: "a")
        #expect(errors.all.count == 2)
        #expect(errors.all.allSatisfy { $0.kind == .corrupt && $0.path == url.path })
        #expect(try Data(contentsOf: url) == Data(text.utf8), "never silently replaced")
    }

    @Test("a truncated file says it is not valid JSON")
    func truncatedMessage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        let storage = FileOnboardingStorage(url: url)
        try storage.write(true, for: "com.example.app.a")
        let full = try Data(contentsOf: url)
        try full.prefix(full.count / 2).write(to: url)
        let error = try #require(throws: FileOnboardingStorageError.self) { try storage.load() }
        #expect(error.reason.hasPrefix("not valid JSON"))
    }

    @Test("moveCorruptFileAside keeps the bad file under a new name, says where, and the next write starts afresh")
    func moveAside() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        let storage = FileOnboardingStorage(url: url)
        #expect(try storage.moveCorruptFileAside() == nil, "nothing to move when the file is missing")
        try storage.write(true, for: "a")
        #expect(try storage.moveCorruptFileAside() == nil, "a readable file is not moved")

        try Data("{\"records\": {".utf8).write(to: url)
        let moved = try #require(try storage.moveCorruptFileAside())
        #expect(moved.url.lastPathComponent.hasPrefix("store.json.corrupt-"))
        #expect(try Data(contentsOf: moved.url) == Data("{\"records\": {".utf8))
        #expect(moved.reason.hasPrefix("not valid JSON"))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        try storage.write(true, for: "b")
        #expect(try storage.load().records == ["b": true])

        // A second corrupt file does not overwrite the first one set aside.
        try Data("x".utf8).write(to: url)
        let second = try #require(try storage.moveCorruptFileAside())
        #expect(second.url != moved.url)
        #expect(FileManager.default.fileExists(atPath: moved.url.path))
    }

    @Test("a file from a newer format version is refused, not rewritten and not moved aside")
    func newerVersion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        let text = #"{"format": "howdy-onboarding-store", "version": 2, "records": {}}"#
        try Data(text.utf8).write(to: url)
        let storage = FileOnboardingStorage(url: url, onError: { _ in })
        let error = try #require(throws: FileOnboardingStorageError.self) { try storage.write(true, for: "a") }
        #expect(error.kind == .unsupportedVersion)
        #expect(try storage.moveCorruptFileAside() == nil)
        #expect(try Data(contentsOf: url) == Data(text.utf8))
    }

    @Test("non-Boolean records are reported, not dropped, and survive rewrites; unknown keys are kept")
    func nonBooleanRecordsKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        let text = #"""
            {"records": {"a": "yes", "b": 1, "c": true, "d": null}, "answers": {"goal": ["x"], "mins": 15}, "note": {"by": "hand"}}
            """#
        try Data(text.utf8).write(to: url)
        let storage = FileOnboardingStorage(url: url)
        let contents = try storage.load()
        #expect(contents.records == ["c": true])
        #expect(contents.invalidRecords == ["a": .string("yes"), "b": .number(1), "d": .null])
        #expect(contents.answers == ["mins": .number(15)])
        #expect(
            contents.problems == [
                #"records["a"]: expected true or false, got "yes""#,
                #"records["b"]: expected true or false, got 1"#,
                #"records["d"]: expected true or false, got null"#,
                #"answers["goal"]: expected a string or a number, got ["x"]"#,
            ])

        try storage.write(false, for: "e")
        let after = try storage.load()
        #expect(after.invalidRecords == contents.invalidRecords)
        #expect(after.invalidAnswers == contents.invalidAnswers)
        #expect(after.otherKeys == ["note": .object(["by": .string("hand")])])
        #expect(after.records == ["c": true, "e": false])

        // Explicitly recording a step replaces its invalid value.
        try storage.write(true, for: "a")
        #expect(try storage.load().invalidRecords["a"] == nil)
        #expect(try storage.load().records["a"] == true)
    }

    @Test("an unwritable location is an I/O error naming the file")
    func ioError() throws {
        let storage = FileOnboardingStorage(
            url: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/store.json"), onError: { _ in })
        let error = try #require(throws: FileOnboardingStorageError.self) { try storage.write(true, for: "a") }
        #expect(error.kind == .io)
        #expect(error.description.contains("/nonexistent-"))
    }
}
