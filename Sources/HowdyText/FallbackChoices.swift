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
    private let choices = ReadMostly<Answers, Void>(Answers())
    private static let limit = 16384
    /// Fallback fonts made for primary fonts (`font(of:for:make:)`), a short list.
    private let made = ReadMostly<[MadeFont], Void>([])
    private static let madeLimit = 64

    /// A chain face at a primary font's size, variations and synthesis: `primary` is
    /// the primary font's HarfBuzz instance (`HarfBuzzFont.serial`, never reused), so it
    /// names the size, variations and synthesis the font was made from.
    private struct MadeFont {
        let primary: Int
        let face: ObjectIdentifier
        let font: Font
    }
    /// Called (outside the answers' lock, under this one, which the owning
    /// `TextSystem`'s `deinit` takes to clear it) after a new answer is kept: the system
    /// then checks its budget.
    let onGrowth = Mutex<(@Sendable () -> Void)?>(nil)

    /// The answers: BMP scalars in a flat table of face numbers (a CJK text asks for
    /// dozens of distinct characters, each of which a dictionary would hash), others in
    /// a dictionary.
    private struct Answers {
        /// The faces answered so far; a code in `bmp` is an index here + 1.
        var faces: [FontFace] = []
        /// Per BMP scalar once the first is answered (64 KiB): 0 unknown, `none` for no
        /// face, otherwise the face's index + 1.
        var bmp: [UInt8] = []
        var others: [UInt32: FontFace?] = [:]
        var count = 0

        static let none: UInt8 = 255

        func face(for scalar: UInt32) -> FontFace?? {
            if scalar <= 0xFFFF, !bmp.isEmpty {
                let code = bmp[Int(scalar)]
                if code == 0 { return nil }
                return .some(code == Self.none ? nil : faces[Int(code) - 1])
            }
            return others[scalar]
        }

        mutating func set(_ face: FontFace?, for scalar: UInt32) {
            if count >= FallbackChoices.limit { self = Answers() }
            count += 1
            guard scalar <= 0xFFFF else {
                others[scalar] = face
                return
            }
            var code = Self.none
            if let face {
                if let index = faces.firstIndex(where: { $0 === face }) {
                    code = UInt8(index + 1)
                } else if faces.count < Int(Self.none) - 1 {
                    faces.append(face)
                    code = UInt8(faces.count)
                } else {
                    others[scalar] = face  // more faces than codes: kept by scalar instead
                    return
                }
            }
            if bmp.isEmpty { bmp = [UInt8](repeating: 0, count: 0x10000) }
            bmp[Int(scalar)] = code
        }
    }

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

    /// `known(in:into:)`'s code for a scalar no face covers.
    static let noFace = Answers.none

    /// The answers known now for the units of `text`, read under one lock (itemisation
    /// asks once per text instead of once per distinct character): `codes[i]` is 0 when
    /// unit i is a surrogate or its scalar unanswered, `noFace` when no face covers it,
    /// else an index + 1 into the faces returned. `codes` has room for `text.count`.
    func known(in text: UnsafeBufferPointer<UInt16>, into codes: UnsafeMutableBufferPointer<UInt8>) -> [FontFace] {
        choices.read { answers in
            let bmp = answers.pointee.bmp
            guard !bmp.isEmpty else {
                codes.update(repeating: 0)
                return []
            }
            // Through raw pointers: the table has a slot per BMP unit, so no index can miss
            // it, and the checked, enumerated loop cost about 10 instructions a unit.
            bmp.withUnsafeBufferPointer { table in
                guard let table = table.baseAddress, let units = text.baseAddress, let out = codes.baseAddress
                else { return }
                for index in 0..<min(text.count, codes.count) {
                    let unit = units[index]
                    out[index] = unit & 0xF800 == 0xD800 ? 0 : table[Int(unit)]
                }
            }
            return answers.pointee.faces
        }
    }

    /// Estimated bytes held: the BMP table once made, and about 16 per other answer.
    var bytes: Int { choices.read { $0.pointee.bmp.count + $0.pointee.others.count * 16 } }

    /// Forgets every answer and every made font.
    func removeAll() {
        choices.write { $0 = Answers() }
        made.write { $0 = [] }
    }

    /// The font of `face` for text whose primary font is `primary`: the one made before
    /// for the same primary font and face, else `make()`'s (then kept). A function of
    /// the two (`Itemization.slot`), so the kept one is the font `make` would give again.
    /// The face stays alive while its font is kept, so its identifier is not reused.
    func font(of face: FontFace, for primary: Font, make: () -> Font?) -> Font? {
        let serial = primary.instance.serial
        let id = ObjectIdentifier(face)
        if let found = made.read({ $0.pointee.first { $0.primary == serial && $0.face == id }?.font }) {
            return found.retainingSystem
        }
        guard let font = make() else { return nil }
        made.write { list in
            if list.count >= Self.madeLimit { list.removeAll() }
            if !list.contains(where: { $0.primary == serial && $0.face == id }) {
                // Kept without retaining the system that owns this list (else neither is freed).
                list.append(MadeFont(primary: serial, face: id, font: font.heldBySystem))
            }
        }
        return font
    }

    /// The face for `scalar`, from `walk` the first time (outside the lock: it may open files).
    func face(for scalar: UInt32, walk: () -> FontFace?) -> FontFace? {
        if let known = choices.read({ $0.pointee.face(for: scalar) }) { return known }
        let found = walk()
        choices.write { $0.set(found, for: scalar) }
        onGrowth.withLock { $0?() }
        return found
    }
}
