import Synchronization

/// Which face of a shared bundled fallback chain covers each scalar, remembered across
/// texts. The bundled chains never change, so an answer never goes stale; a chain is
/// recognised as bundled only when it holds the very same entries (by identity), no
/// preferences and no system fonts, so a changed copy gets no remembered answers. At most
/// `limit` scalars are kept per chain, then it starts afresh.
final class FallbackChoices: Sendable {
    private let choices = Mutex<[UInt32: FontFace?]>([:])
    private static let limit = 16384
    private static let regular = FallbackChoices()
    private static let bold = FallbackChoices()

    /// The answers for `chain` when it is one of the shared bundled chains, else nil.
    static func forBundled(_ chain: FontFallback) -> FallbackChoices? {
        guard chain.preferences.isEmpty, !chain.usesSystemFonts else { return nil }
        func same(_ other: FontFallback) -> Bool {
            chain.entries.count == other.entries.count
                && zip(chain.entries, other.entries).allSatisfy { $0 === $1 }
        }
        if same(FontFallback.bundledRegular) { return regular }
        if same(FontFallback.bundledBold) { return bold }
        return nil
    }

    /// The face for `scalar`, from `walk` the first time (outside the lock: it may open files).
    func face(for scalar: UInt32, walk: () -> FontFace?) -> FontFace? {
        if let known = choices.withLock({ $0[scalar] }) { return known }
        let found = walk()
        choices.withLock { choices in
            if choices.count >= Self.limit { choices.removeAll(keepingCapacity: true) }
            choices[scalar] = found
        }
        return found
    }
}
