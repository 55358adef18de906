import Foundation
import HowdyKit

/// Files a spec names (icons, images, string catalogs) resolve against the spec's own
/// folder and must stay inside it, symlinks resolved: a spec is untrusted input and must
/// not read `../../etc/passwd`.
enum SpecRelativePath {
    /// The file `path` names relative to `baseDirectory`.
    /// - Parameters:
    ///   - noun: how errors name the path (`"icon path "`, or `""`).
    ///   - withoutSpecFile: the message when there is no spec file to be relative to.
    /// - Throws: ``SpecError`` at `node` without a base folder, or when the path leaves it.
    static func resolve(
        _ path: String, node: JSONNode, baseDirectory: URL?, noun: String, withoutSpecFile: String
    ) throws(SpecError) -> URL {
        guard let base = baseDirectory?.standardizedFileURL.resolvingSymlinksInPath() else {
            throw node.error(withoutSpecFile)
        }
        let folder = URL(fileURLWithPath: base.path, isDirectory: true)
        let url = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL.resolvingSymlinksInPath()
        let basePath = base.path.hasSuffix("/") ? base.path : base.path + "/"
        guard url.path.hasPrefix(basePath) else {
            throw node.error("\(noun)\"\(path)\" is outside the spec's folder (\(base.path)); refused")
        }
        return url
    }
}
