import Synchronization

/// ICU objects opened once per locale and kept: opening loads locale data, which costs
/// far more than using it. Locales can come from input, so at most `limit` are kept;
/// past that the kept ones are dropped and opened again as needed.
final class LocaleKeyedCache<Value: Sendable>: Sendable {
    private let kept = Mutex<[String: Value]>([:])
    private let limit: Int

    init(limit: Int = 32) { self.limit = limit }

    /// Values kept.
    var count: Int { kept.withLock { $0.count } }

    /// Drops every kept value (those in use stay alive with their users).
    func removeAll() { kept.withLock { $0.removeAll() } }

    /// The value kept for `locale`, or `open(locale)`'s, then kept.
    func value(for locale: String, open: (String) throws(TextError) -> Value) throws(TextError) -> Value {
        if let value = kept.withLock({ $0[locale] }) { return value }
        let fresh = try open(locale)
        kept.withLock { kept in
            if kept.count >= limit { kept.removeAll() }
            kept[locale] = fresh
        }
        return fresh
    }
}
