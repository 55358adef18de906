/// Elements that `write` initialises where `Array.append(contentsOf:)` puts them, for an
/// array grown by a count known in advance (or a bound on it) without writing anything
/// twice.
///
/// `Array(unsafeUninitializedCapacity:initializingWith:)` and `Array(repeating:count:)`
/// allocate through the standard library's unspecialised `_allocateBufferUninitialized`,
/// which looks the storage type up in the runtime's generic metadata cache on every call
/// (callgrind: 900–1,600 instructions, more than placing 80 glyphs), and growing an array
/// with `repeatElement` first copies the blank element one at a time. `reserveCapacity`
/// and `append(contentsOf:)` are inlinable, so they grow the array through code
/// specialised for the element type; `append` then hands the free capacity to the
/// sequence's `_copyContents(initializing:)`, where this one writes its elements
/// directly, and its iterator is empty.
struct InPlaceElements<Element>: Sequence {
    /// The most elements `write` initialises; the array has room for them.
    let maximum: Int
    /// Initialises the first elements of the buffer it is given (`maximum` of them) and
    /// returns how many, at most `maximum`. Elements it wrote past that count are not
    /// the array's (only a trivial type may be left so: nothing deinitialises them).
    let write: (UnsafeMutableBufferPointer<Element>) -> Int

    /// None promised: `append(contentsOf:)` would trap on fewer than it announces.
    var underestimatedCount: Int { 0 }

    func makeIterator() -> EmptyCollection<Element>.Iterator { EmptyCollection().makeIterator() }

    func _copyContents(
        initializing buffer: UnsafeMutableBufferPointer<Element>
    ) -> (EmptyCollection<Element>.Iterator, UnsafeMutableBufferPointer<Element>.Index) {
        // `Array.append(initializing:)` reserved the room before appending.
        precondition(buffer.count >= maximum, "room for fewer elements than announced")
        let written = write(UnsafeMutableBufferPointer(rebasing: buffer[..<maximum]))
        precondition(written >= 0 && written <= maximum, "initialised more elements than announced")
        return (makeIterator(), written)
    }
}

extension Array {
    /// Appends the elements `body` initialises in place: it is given a buffer of `maximum`
    /// uninitialised elements, initialises the first of them and returns how many (at
    /// most `maximum`, checked). See `InPlaceElements`.
    @inline(__always)
    mutating func append(initializing maximum: Int, _ body: (UnsafeMutableBufferPointer<Element>) -> Int) {
        let needed = count + maximum
        // Geometric growth, as appending grows, when the room is short.
        if capacity < needed { reserveCapacity(Swift.max(needed, 2 * capacity)) }
        withoutActuallyEscaping(body) { body in
            append(contentsOf: InPlaceElements(maximum: maximum, write: body))
        }
    }

    /// Appends `count` copies of `value` (none when `count` is 0 or less), written in place
    /// in one pass (`RepeatedInPlace`): `append(contentsOf: repeatElement(value, count:))`
    /// copies the element through the generic sequence path, one at a time (callgrind: 7
    /// instructions an element, a thousand a Latin paragraph over the zero-filled glyph
    /// arrays), and a closure capturing `value` would be allocated on every call.
    @inline(never)
    mutating func append(repeating value: Element, count: Int) {
        guard count > 0 else { return }
        let needed = self.count + count
        if capacity < needed { reserveCapacity(Swift.max(needed, 2 * capacity)) }
        append(contentsOf: RepeatedInPlace(value: value, count: count))
    }
}

/// `count` copies of `value` that `Array.append(contentsOf:)` initialises in its free
/// capacity in one pass (see `InPlaceElements`; `append(repeating:count:)` reserves the
/// room first).
struct RepeatedInPlace<Element>: Sequence {
    let value: Element
    let count: Int

    var underestimatedCount: Int { 0 }

    func makeIterator() -> EmptyCollection<Element>.Iterator { EmptyCollection().makeIterator() }

    func _copyContents(
        initializing buffer: UnsafeMutableBufferPointer<Element>
    ) -> (EmptyCollection<Element>.Iterator, UnsafeMutableBufferPointer<Element>.Index) {
        precondition(buffer.count >= count, "room for fewer elements than announced")
        UnsafeMutableBufferPointer(rebasing: buffer[..<count]).initialize(repeating: value)
        return (makeIterator(), count)
    }
}
