extension ShapedText {
    /// Greedy layout at `width` px: each line takes as many words as fit. A word wider
    /// than the line on its own is broken between grapheme clusters.
    /// - Throws: `TextError.invalidWidth` when `width` is not a finite number above 0.
    public func layout(width: Double) throws -> TextLayout {
        let fixed = try Self.fixedWidth(width)
        let breaker = try lineBreaker(for: fixed)
        let lines = breaker.lines(width: fixed)
        return LayoutBuilder(shaped: self).build(
            lines, availableWidth: width, mode: .greedy, greedyLineCount: lines.count)
    }

    /// Balanced layout: greedy's line count at `width` px, with the lines made even.
    ///
    /// With `.narrowest` (the default) the result is the greedy layout at the narrowest
    /// width that keeps the line count, and `result.width` is that width exactly (the
    /// widest line achieved, to 1/64 px): at `result.width − 1/64` greedy layout needs
    /// another line. With `.even` and `.pretty`, see `BalanceObjective`. There is no cap on the
    /// line count, and the search never shapes again: each probe is a pass over cached
    /// advances. A text that fits on one line comes back as its greedy layout.
    /// - Throws: `TextError.invalidWidth` when `width` is not a finite number above 0.
    public func balance(width: Double, objective: BalanceObjective = .narrowest) throws -> TextLayout {
        let fixed = try Self.fixedWidth(width)
        let breaker = try lineBreaker(for: fixed)
        let greedy = breaker.lines(width: fixed)
        let builder = LayoutBuilder(shaped: self)
        guard greedy.count > 1 else {
            return builder.build(greedy, availableWidth: width, mode: .greedy, greedyLineCount: greedy.count)
        }
        let balancer = Balancer(breaker: breaker)
        if objective == .even, let even = balancer.evenLines(greedy: greedy, width: fixed) {
            return builder.build(even, availableWidth: width, mode: .even, greedyLineCount: greedy.count)
        }
        if objective == .pretty {
            let pretty = PrettyLines(breaker: breaker, width: fixed).lines(greedy: greedy)
            return builder.build(pretty, availableWidth: width, mode: .pretty, greedyLineCount: greedy.count)
        }
        let narrowest = balancer.narrowestWidth(keeping: greedy.count, at: fixed)
        let lines = breaker.lines(width: narrowest)
        return builder.build(lines, availableWidth: width, mode: .balanced, greedyLineCount: greedy.count)
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

/// Greedy layout of `text` in `font` at `width` px (see `ShapedText.layout(width:)`).
/// Labelled like `balance(text:font:width:)`.
/// - Throws: `TextError` for a bad width, line height, or text over the length limit.
public func layout(
    text: String, font: Font, width: Double, options: TextOptions = TextOptions()
) throws -> TextLayout {
    _ = try ShapedText.fixedWidth(width)
    return try ShapedText(text, font: font, options: options).layout(width: width)
}

/// Greedy layout of `text`: the unlabelled spelling of `layout(text:font:width:options:)`,
/// kept while callers move to the label `balance(text:font:width:)` also uses (to be
/// deprecated once they have: a deprecation now would warn in every caller).
/// - Throws: what `layout(text:font:width:options:)` throws.
public func layout(
    _ text: String, font: Font, width: Double, options: TextOptions = TextOptions()
) throws -> TextLayout {
    try layout(text: text, font: font, width: width, options: options)
}

/// Balanced layout of `text` in `font` at `width` px: greedy's line count at the
/// narrowest width that keeps it, found on advances shaped once (see
/// `ShapedText.balance(width:objective:)`).
/// - Throws: `TextError` for a bad width, line height, or text over the length limit.
public func balance(
    text: String, font: Font, width: Double, objective: BalanceObjective = .narrowest,
    options: TextOptions = TextOptions()
) throws -> TextLayout {
    _ = try ShapedText.fixedWidth(width)
    return try ShapedText(text, font: font, options: options).balance(width: width, objective: objective)
}
