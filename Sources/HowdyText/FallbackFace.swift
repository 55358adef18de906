import Synchronization

/// One face of a fallback chain: a face given open, or a bundled font file opened the
/// first time a character needs it.
///
/// The bundled chain holds about 20 MB of fonts (colour emoji, CJK and a dozen scripts);
/// opening them all up front cost a one-shot `howdy balance` of Latin text several
/// milliseconds and megabytes for faces it never used. A file entry is opened once per
/// process, under a lock, and shared by every chain and thread after that.
package final class FallbackFace: Sendable, Hashable {
    private enum Source: Hashable {
        case face(FontFace)
        /// A bundled font's name (`NotoSansArabic-Bold`), looked up in `Fonts/` when opened.
        case bundled(String)
    }

    private enum State {
        case unopened
        /// Opened, or failed to open: a missing or bad file is skipped by the walk (as a
        /// font missing from `Fonts/` always was), and its error is kept for `failure`.
        case opened(Result<FontFace, TextError>)
    }

    private let source: Source
    /// The source's hash, computed once: options holding a chain are hashed often.
    private let sourceHash: Int
    private let state: Mutex<State>
    /// False when the face is known not to have colour glyphs, so that looking for the
    /// emoji face opens no other file.
    let mayBeColor: Bool
    /// Scalars (inclusive Unicode ranges) for which this face is tried before the rest of
    /// the chain; empty for most faces.
    let preferredRanges: [ClosedRange<UInt32>]

    /// An entry for a face that is already open.
    init(_ face: FontFace) {
        source = .face(face)
        sourceHash = source.hashValue
        state = Mutex(.opened(.success(face)))
        mayBeColor = face.isColor
        preferredRanges = []
    }

    /// An entry for the bundled font `name`, opened on first use; `isColor` is false when
    /// the font is known to have no colour glyphs.
    init(bundled name: String, isColor: Bool = false, preferredRanges: [ClosedRange<UInt32>] = []) {
        source = .bundled(name)
        sourceHash = source.hashValue
        state = Mutex(.unopened)
        mayBeColor = isColor
        self.preferredRanges = preferredRanges
    }

    /// The face, opening the file the first time; nil when it cannot be opened (see `failure`).
    var face: FontFace? { try? opened.get() }

    /// Why the face cannot be opened (opening it the first time), nil when it can:
    /// `TextError.fontNotFound` naming a bundled font missing from `Fonts/`, or what
    /// `FontFace.open` threw. Layout reports it when a character ends up in no face.
    var failure: TextError? {
        if case .failure(let error) = opened { return error }
        return nil
    }

    private var opened: Result<FontFace, TextError> {
        state.withLock { state in
            if case .opened(let result) = state { return result }
            let result: Result<FontFace, TextError>
            switch source {
            case .face(let face): result = .success(face)
            case .bundled(let name):
                if let path = FontLibrary.bundledPath(name) {
                    do {
                        result = .success(try FontFace.open(path: path))
                    } catch let error as TextError {
                        result = .failure(error)
                    } catch {
                        result = .failure(.fontUnreadable(path: path, reason: "\(error)"))
                    }
                } else {
                    result = .failure(.fontNotFound(name))
                }
            }
            state = .opened(result)
            return result
        }
    }

    /// True once the face has been opened (or found missing); for tests of laziness.
    package var isOpened: Bool {
        state.withLock { state in
            if case .opened = state { return true }
            return false
        }
    }

    /// The bundled font's name, or the face's file name without extension.
    package var name: String {
        switch source {
        case .bundled(let name): name
        case .face(let face): String(face.path.split(separator: "/").last?.split(separator: ".").first ?? "")
        }
    }

    func prefers(_ scalar: UInt32) -> Bool { preferredRanges.contains { $0.contains(scalar) } }

    /// Equal when both are the same open face, or the same bundled name with the same role.
    package static func == (lhs: FallbackFace, rhs: FallbackFace) -> Bool {
        lhs === rhs
            || (lhs.source == rhs.source && lhs.mayBeColor == rhs.mayBeColor
                && lhs.preferredRanges == rhs.preferredRanges)
    }

    /// Hashes the source: what `==` compares first.
    package func hash(into hasher: inout Hasher) { hasher.combine(sourceHash) }
}
