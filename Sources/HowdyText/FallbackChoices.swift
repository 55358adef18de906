import Synchronization

/// Which face of a shared bundled fallback chain covers each scalar, remembered across
/// texts by each `TextSystem`. The bundled chains never change, so an answer never goes
/// stale; a chain is recognised as bundled only when it holds the very same entries (by
/// identity), no preferences and no system fonts, so a changed copy gets no remembered
/// answers. At most `limit` scalars are kept per chain, then it starts afresh.
///
/// Read far more than written: a lookup locks only the calling thread's stripe
/// (`ReadMostly`), so threads laying out non-Latin text side by side do not meet here.
final class FallbackChoices: Sendable {
    private let choices = ReadMostly<[UInt32: FontFace?], Void>([:])
    private static let limit = 16384
    /// Called (outside the lock) after a new answer is kept: the owning `TextSystem`
    /// then checks its budget.
    let onGrowth = Mutex<(@Sendable () -> Void)?>(nil)

    enum BundledKind { case regular, bold }

    /// Which shared bundled chain `chain` is, or nil.
    static func bundledKind(of chain: FontFallback) -> BundledKind? {
        guard chain.preferences.isEmpty, !chain.usesSystemFonts else { return nil }
        func same(_ other: FontFallback) -> Bool {
            chain.entries.count == other.entries.count
                && zip(chain.entries, other.entries).allSatisfy { $0 === $1 }
        }
        if same(FontFallback.bundledRegular) { return .regular }
        if same(FontFallback.bundledBold) { return .bold }
        return nil
    }

    /// Scalars answered.
    var count: Int { choices.read { $0.pointee.count } }

    /// Forgets every answer.
    func removeAll() { choices.write { $0.removeAll() } }

    /// The face for `scalar`, from `walk` the first time (outside the lock: it may open files).
    func face(for scalar: UInt32, walk: () -> FontFace?) -> FontFace? {
        if let known = choices.read({ $0.pointee[scalar] }) { return known }
        let found = walk()
        choices.write { choices in
            if choices.count >= Self.limit { choices.removeAll(keepingCapacity: true) }
            choices[scalar] = found
        }
        onGrowth.withLock { $0 }?()
        return found
    }
}
