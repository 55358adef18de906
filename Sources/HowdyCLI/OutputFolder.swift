import Foundation
import HowdyKit
import HowdyOutput

/// The folder a command writes many files into (`howdy render --out DIR`).
enum OutputFolder {
    /// Creates the folder at `path` (and its parents) when missing, and checks that it is
    /// a folder files can be created in, so that the first image written does not fail
    /// half-way through a render.
    /// - Throws: `CLIError.badInput` with one sentence naming the path and the reason
    ///   (it is a file, a parent is missing and cannot be created, permission denied).
    static func prepare(_ path: String) throws(CLIError) -> URL {
        let url = URL(fileURLWithPath: path, isDirectory: true)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .badInput("--out \(path): it is a file, not a folder")
            }
        } else {
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw .badInput("--out: \(FileProblem.message("create the folder", path, error))")
            }
        }
        // Root may write anywhere; everyone else needs write and search permission here.
        guard access(path, W_OK | X_OK) == 0 else {
            throw .badInput("--out \(path): \(FileProblem.describe(errno: errno)) (cannot create files in it)")
        }
        // What a killed earlier run left half-written (never files of a running one).
        AtomicFile.removeStaleTemporaries(in: path)
        return url
    }
}
