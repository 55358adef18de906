extension ShapedText {
    /// The layout of the text at `width` px, its lines chosen by `strategy` (default
    /// `.greedy`: each line takes as many words as fit). A word wider than the line on its
    /// own is broken between grapheme clusters (unless `overflow-wrap: normal`).
    ///
    /// `.balanced(.narrowest)` gives greedy's line count at the narrowest width that keeps
    /// it: the greedy layout at that width, and `result.width` is that width exactly (the
    /// widest line achieved, to 1/64 px): at `result.width − 1/64` greedy layout needs
    /// another line. For `.balanced(.even)` see `BalanceObjective`; for `.pretty`,
    /// `LineBreakStrategy.pretty`. There is no cap on the line count, and the search never
    /// shapes again: each probe is a pass over cached advances. A text that fits on one
    /// line comes back as its greedy layout, with `strategy` `.greedy`.
    /// - Throws: `TextError.invalidWidth` when `width` is not a finite number above 0.
    public func layout(width: Double, strategy: LineBreakStrategy = .greedy) throws -> TextLayout {
        let fixed = try Self.fixedWidth(width)
        let breaker = try lineBreaker(for: fixed)
        let builder = LayoutBuilder(shaped: self)
        if strategy == .balanced(.narrowest) {
            // Only greedy's line count is needed (its lines only when there is one): no
            // array of lines is made for it.
            let greedyCount = breaker.lineCount(width: fixed)
            if greedyCount > 1 {
                let narrowest = Balancer(breaker: breaker).narrowestWidth(keeping: greedyCount, at: fixed)
                return builder.build(
                    breaker.lines(width: narrowest), availableWidth: width, strategy: strategy,
                    greedyLineCount: greedyCount)
            }
        }
        let greedy = breaker.lines(width: fixed)
        guard strategy != .greedy, greedy.count > 1 else {
            return builder.build(greedy, availableWidth: width, strategy: .greedy, greedyLineCount: greedy.count)
        }
        let balancer = Balancer(breaker: breaker)
        if strategy == .balanced(.even), let even = balancer.evenLines(greedy: greedy, width: fixed) {
            return builder.build(even, availableWidth: width, strategy: strategy, greedyLineCount: greedy.count)
        }
        if strategy == .pretty {
            let pretty = PrettyLines(breaker: breaker, width: fixed).lines(greedy: greedy)
            return builder.build(pretty, availableWidth: width, strategy: strategy, greedyLineCount: greedy.count)
        }
        let narrowest = balancer.narrowestWidth(keeping: greedy.count, at: fixed)
        let lines = breaker.lines(width: narrowest)
        return builder.build(
            lines, availableWidth: width, strategy: .balanced(.narrowest), greedyLineCount: greedy.count)
    }

    /// `layout(width:strategy:)` with `.balanced(objective)`: greedy's line count at
    /// `width` px with the lines made even (by default at the narrowest width that keeps it).
    /// - Throws: `TextError.invalidWidth` when `width` is not a finite number above 0.
    public func balance(width: Double, objective: BalanceObjective = .narrowest) throws -> TextLayout {
        try layout(width: width, strategy: .balanced(objective))
    }

    /// The number of lines greedy layout gives at `width` px, without building them.
    /// - Throws: `TextError.invalidWidth` when `width` is not a finite number above 0.
    public func lineCount(width: Double) throws -> Int {
        let fixed = try Self.fixedWidth(width)
        return try lineBreaker(for: fixed).lineCount(width: fixed)
    }

    private func lineBreaker(for width: Int) throws -> LineBreaker {
        // Grapheme boundaries cost an ICU pass; only a word wider than the line needs them.
        // `overflow-wrap: normal` never breaks a word: it overflows its line instead.
        let breaksWords = options.overflowWrap != .normal && width < maxSegmentWidth
        return LineBreaker(shaped: self, graphemes: breaksWords ? try graphemeBoundaries() : nil)
    }

    /// `width` px in 16.16 fixed point, rounded down to 1/64 px first, so that a line
    /// whose width (rounded up to 1/64 px when reported) fits does.
    static func fixedWidth(_ width: Double) throws -> Int {
        guard width.isFinite, width > 0, width <= TextLimits.maximumWidth else { throw TextError.invalidWidth(width) }
        return max(1, Int((width * 64).rounded(.down))) * unitsPer64th
    }
}

/// The layout of `text` in `font` at `width` px, its lines chosen by `strategy` (default
/// `.greedy`; see `ShapedText.layout(width:strategy:)`). Labelled like
/// `balance(text:font:width:)`: the function names the layout it returns (a noun), and
/// the labels name the text, font and width it is made of.
/// - Throws: `TextError` for a bad width, line height, or text over the length limit.
public func layout(
    text: String, font: Font, width: Double, strategy: LineBreakStrategy = .greedy,
    options: TextOptions = TextOptions()
) throws -> TextLayout {
    _ = try ShapedText.fixedWidth(width)
    return try ShapedText(text, font: font, options: options).layout(width: width, strategy: strategy)
}

/// Greedy layout of `text`: the unlabelled spelling public before the labels settled,
/// kept (deprecated) for callers outside this package; nothing here calls it.
/// - Throws: what `layout(text:font:width:strategy:options:)` throws.
@available(*, deprecated, renamed: "layout(text:font:width:options:)")
public func layout(
    _ text: String, font: Font, width: Double, options: TextOptions = TextOptions()
) throws -> TextLayout {
    try layout(text: text, font: font, width: width, options: options)
}

/// Balanced layout of `text` in `font` at `width` px: greedy's line count at the
/// narrowest width that keeps it, found on advances shaped once; `layout(text:font:width:
/// strategy:options:)` with `.balanced(objective)` (see `ShapedText.layout(width:strategy:)`).
/// - Throws: `TextError` for a bad width, line height, or text over the length limit.
public func balance(
    text: String, font: Font, width: Double, objective: BalanceObjective = .narrowest,
    options: TextOptions = TextOptions()
) throws -> TextLayout {
    try layout(text: text, font: font, width: width, strategy: .balanced(objective), options: options)
}
