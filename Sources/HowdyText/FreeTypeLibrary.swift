import CFreeType
import CHowdyFreeType
import Synchronization

/// The process's one FT_Library. FreeType allows faces from one library to be used
/// on different threads only when each face is used by one thread at a time, and
/// face creation and destruction must be serialised; `withLibrary` holds that lock.
final class FreeTypeLibrary: @unchecked Sendable {
    static let shared = FreeTypeLibrary()

    private let handle: FT_Library
    private let lock = Mutex(())

    private init() {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        // FT_Init_FreeType fails only when memory is exhausted; nothing can continue then.
        precondition(error == 0 && library != nil, "FreeType could not be initialised (error \(error))")
        handle = library!
    }

    deinit { FT_Done_FreeType(handle) }

    /// Runs `body` with the library while holding the creation/destruction lock.
    func withLibrary<R>(_ body: (FT_Library) throws -> R) rethrows -> R {
        try lock.withLock { _ in try body(handle) }
    }

    /// FreeType's message for an error code, e.g. "unknown file format".
    static func message(for error: FT_Error) -> String {
        if let text = howdy_ft_error_message(error) { return String(cString: text) }
        return "FreeType error \(error)"
    }
}
