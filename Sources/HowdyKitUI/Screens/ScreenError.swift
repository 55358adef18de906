/// An error met while laying out or drawing one screen of a flow: the screen's name and
/// what failed (a `TextError` naming the font, a `RenderError` naming the font file of a
/// glyph that cannot be loaded, a file system error).
public struct ScreenError: Error, CustomStringConvertible {
    /// The screen's name (`03-goal`), with the combination when one applies
    /// (`03-goal_phone-dark@3x.png`).
    public var screen: String
    /// What failed.
    public var underlying: any Error

    /// An error of `screen`.
    public init(screen: String, underlying: any Error) {
        self.screen = screen
        self.underlying = underlying
    }

    /// `SCREEN: WHAT FAILED`.
    public var description: String { "\(screen): \(underlying)" }
}
