import Foundation

/// An app's `Resources/` folder as a spec names it (`"resources": "Resources"`): every
/// `*.xcstrings` in it, and every `*.strings` and `*.stringsdict` inside a
/// `<language>.lproj` folder, found recursively and read in path order (so the result and
/// the first error are the same on every run). Links are not followed, so nothing outside
/// the folder is read; at most ``maximumFiles`` files, ``maximumTotalBytes`` bytes and 8
/// folder levels are looked at.
enum ResourceFolder {
    /// The most localization files one folder may hold.
    static let maximumFiles = 2000
    /// The most bytes all of a folder's files may hold together (64 MiB): each file is
    /// capped at 16 MiB, and this bounds what a folder of many costs.
    static let maximumTotalBytes = 64 << 20

    /// The catalogs and tables under `folder`.
    /// - Throws: ``LocalizationFileError`` naming the folder (not a folder, too many files)
    ///   or the first file that fails.
    static func scan(_ folder: URL) throws(LocalizationFileError) -> (
        catalogs: [StringCatalog], tables: [StringsTable], notes: [String]
    ) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw LocalizationFileError(file: folder.path, message: "not a folder")
        }
        var files: [String] = []
        var totalBytes = 0
        try collect(folder, relative: "", depth: 0, into: &files, totalBytes: &totalBytes)
        var catalogs: [StringCatalog] = []
        var tables: [StringsTable] = []
        var notes: [String] = []
        for path in files.sorted() {
            let url = folder.appendingPathComponent(path)
            if path.hasSuffix(".xcstrings") {
                let catalog = try StringCatalog.load(contentsOf: url)
                notes += catalog.notes.map { "\(path): \($0)" }
                catalogs.append(catalog)
            } else {
                let table = try StringsTable.load(contentsOf: url)
                notes += table.notes.map { "\(path): \($0)" }
                tables.append(table)
            }
        }
        return (catalogs, tables, notes)
    }

    private static func collect(
        _ root: URL, relative: String, depth: Int, into files: inout [String], totalBytes: inout Int
    ) throws(LocalizationFileError) {
        guard depth < 8 else { return }
        let folder = relative.isEmpty ? root : root.appendingPathComponent(relative)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw LocalizationFileError(file: folder.path, message: "cannot list: \(error.localizedDescription)")
        }
        let inLproj = folder.lastPathComponent.hasSuffix(".lproj")
        for name in names where !name.hasPrefix(".") {
            let path = relative.isEmpty ? name : relative + "/" + name
            let url = root.appendingPathComponent(path)
            // An entry that cannot be stat'ed is skipped like a link: never followed or read.
            guard let values = try? url.resourceValues(forKeys: [.isSymbolicLinkKey, .isDirectoryKey, .fileSizeKey]),
                values.isSymbolicLink != true
            else { continue }
            if values.isDirectory == true {
                try collect(root, relative: path, depth: depth + 1, into: &files, totalBytes: &totalBytes)
            } else if name.hasSuffix(".xcstrings")
                || (inLproj && (name.hasSuffix(".strings") || name.hasSuffix(".stringsdict")))
            {
                files.append(path)
                totalBytes += values.fileSize ?? 0
                guard files.count <= maximumFiles else {
                    throw LocalizationFileError(
                        file: root.path, message: "more than \(maximumFiles) localization files; name the ones to read")
                }
                guard totalBytes <= maximumTotalBytes else {
                    throw LocalizationFileError(
                        file: root.path,
                        message: "localization files over \(maximumTotalBytes >> 20) MiB in all; name the ones to read")
                }
            }
        }
    }
}
