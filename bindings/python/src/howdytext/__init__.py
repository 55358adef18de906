"""Balanced line breaks with real HarfBuzz metrics, from Python.

A thin layer over libhowdytext.so (HowdyText's C ABI), loaded with ctypes::

    >>> import howdytext
    >>> title = howdytext.balance("Get reminders for every plan you make", font="Inter-Bold", size=28, width=330)
    >>> [line.text for line in title.lines]
    ['Get reminders for', 'every plan you make']

Units are px: ``size`` is the font's em height and ``width`` the available width; line
widths are whole 1/64 px. The options are those of a ``howdy balance --jsonl`` request
(the library reads them with the same code), spelled in snake_case here.

Many texts: ``balance_many(texts, font, size, width)`` gives the same layouts with one
library call per 2048 texts (font, size, width and mode may be one value or one per
text).

Threads: fonts and styles are opened once per process and shared (``font()`` and
``style()`` cache them); the GIL is released for the whole layout, so threads lay out in
parallel. Layouts are plain Python values: the library keeps nothing after a call.
"""

from __future__ import annotations

import ctypes
import json
import struct
from functools import lru_cache
from typing import Callable, Dict, Iterator, Literal, NamedTuple, Optional, Sequence, Tuple

from . import _native

__all__ = [
    "Font",
    "HowdyTextError",
    "Layout",
    "Line",
    "Mode",
    "Style",
    "balance",
    "balance_many",
    "font",
    "layout",
    "library_version",
    "style",
]

__version__ = "0.1.0"

Mode = Literal["balance", "greedy", "even", "pretty"]

# howdytext.h's status codes, by name.
_STATUS_NAMES = {
    1: "argument",
    2: "options",
    3: "font-not-found",
    4: "font-invalid",
    5: "range",
    6: "text",
    7: "hyphenation",
}


class HowdyTextError(ValueError):
    """The library refused an input.

    Attributes:
        status: the ``howdytext_status`` code (1 argument, 2 options, 3 font not found,
            4 font invalid, 5 number out of range, 6 text refused, 7 hyphenation).
        kind: the code's name, e.g. ``"font-not-found"``.
        message: one sentence naming the input and what is wrong.
    """

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.kind = _STATUS_NAMES.get(status, "unknown")
        self.message = message


def _take_message(pointer: ctypes.c_void_p) -> str:
    if not pointer.value:
        return "no message"
    try:
        return ctypes.string_at(pointer.value).decode("utf-8", "replace")
    finally:
        _native.library().howdytext_message_free(pointer)


class Line(NamedTuple):
    """One line of a layout.

    Attributes:
        text: the line's visible text (trailing spaces and the break excluded; a shown
            hyphen is not part of it, see ``hyphen``).
        width: width in px, whole 1/64 px, a shown hyphen included.
        hyphen: True when the line ends at a soft hyphen or hyphenation point and shows
            a hyphen glyph.
        rtl: True when the line belongs to a right-to-left paragraph.
        start: index of the line's first character in the text given (a ``str`` index).
        end: index one past its last visible character.
    """

    text: str
    width: float
    hyphen: bool
    rtl: bool
    start: int
    end: int


class Layout:
    """Lines of one text, top to bottom. Immutable; equal when the lines, width, height and
    greedy line count are; unpacks as ``lines, width, height, greedy_line_count``.

    ``Line`` objects are made on first use of ``lines`` (the library hands back ranges and
    widths; ``texts`` and ``widths`` read them without making a ``Line`` per line), so a
    layout whose lines are never read costs no per-line Python objects.

    Attributes:
        lines: the lines; empty for empty text.
        width: width in px of the widest line.
        height: line count times line height, in px.
        greedy_line_count: lines greedy layout gives at the same width (equal to
            ``len(lines)`` in every mode: balancing never adds a line).
    """

    # _values: the library's answer as one tuple, (width, height, greedy_line_count,
    # then per line start, end, width, hyphen, rtl) with start and end str indices of
    # _text; _lines: the Line objects once made (None until then).
    __slots__ = ("_text", "_values", "_lines")

    def __init__(self, lines: Sequence[Line], width: float, height: float, greedy_line_count: int) -> None:
        self._lines: Optional[Tuple[Line, ...]] = tuple(lines)
        self._text = ""
        self._values: tuple = (width, height, greedy_line_count)

    @property
    def width(self) -> float:
        """Width in px of the widest line."""
        return self._values[0]

    @property
    def height(self) -> float:
        """Line count times line height, in px."""
        return self._values[1]

    @property
    def greedy_line_count(self) -> int:
        """Lines greedy layout gives at the same width."""
        return self._values[2]

    def _spans(self) -> Tuple[str, tuple, int]:
        """The text, the answer and how much to subtract from its ranges to index the text."""
        return self._text, self._values, 0

    @property
    def lines(self) -> Tuple[Line, ...]:
        """The lines (made on first use, then kept)."""
        lines = self._lines
        if lines is None:
            text, values, base = self._spans()
            fields = iter(values[3:])
            lines = self._lines = tuple([
                _make(Line, (text[start - base:end - base], width, hyphen != 0, rtl != 0, start - base, end - base))
                for start, end, width, hyphen, rtl in zip(fields, fields, fields, fields, fields)])
        return lines

    @property
    def texts(self) -> list[str]:
        """The lines' texts."""
        if self._lines is None:
            values = self._values
            count = (len(values) - 3) // 5
            if count < len(_TEXTS):
                return _TEXTS[count](self._text, values)
            return [self._text[values[at]:values[at + 1]] for at in range(3, len(values), 5)]
        return [line.text for line in self._lines]

    @property
    def widths(self) -> list[float]:
        """The lines' widths in px."""
        if self._lines is None:
            return list(self._values[5::5])
        return [line.width for line in self._lines]

    def __iter__(self) -> Iterator[object]:
        return iter((self.lines, self.width, self.height, self.greedy_line_count))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return self._values[:3] == other._values[:3] and self.lines == other.lines

    def __hash__(self) -> int:
        return hash((self.lines, self.width, self.height, self.greedy_line_count))

    def __reduce__(self) -> Tuple[object, ...]:
        return (Layout, (self.lines, self.width, self.height, self.greedy_line_count))

    def __repr__(self) -> str:
        return (f"Layout(lines={self.lines!r}, width={self.width!r}, height={self.height!r}, "
                f"greedy_line_count={self.greedy_line_count!r})")


class _BatchLayout(Layout):
    """A layout from ``balance_many``: its ranges are byte offsets into the batch's UTF-8,
    so they are made str indices when read (less the paragraph's offset, ``_base``; for a
    non-ASCII text by decoding ``_data``, the paragraph's UTF-8)."""

    __slots__ = ("_data", "_base")

    def _spans(self) -> Tuple[str, tuple, int]:
        data, base = self._data, self._base
        if data is None:  # ASCII: byte offsets are str indices
            return self._text, self._values, base
        # Lines come in text order: str indices are counted from the previous line's end.
        values = list(self._values)
        byte_at, index_at = 0, 0
        for at in range(3, len(values), 5):
            start, end = values[at] - base, values[at + 1] - base
            if start < byte_at:  # not after the previous line: count from the text's start
                byte_at, index_at = 0, 0
            start_index = index_at + len(data[byte_at:start].decode("utf-8"))
            index_at = start_index + len(data[start:end].decode("utf-8"))
            byte_at = end
            values[at], values[at + 1] = start_index, index_at
        return self._text, tuple(values), 0


    @property
    def texts(self) -> list[str]:
        """The lines' texts."""
        if self._lines is None:
            if self._data is None:  # ASCII: byte offsets less the paragraph's are str indices
                values = self._values
                count = (len(values) - 3) // 5
                if count < len(_BASED_TEXTS):
                    return _BASED_TEXTS[count](self._text, values, self._base)
            text, values, base = self._spans()
            return [text[values[at] - base:values[at + 1] - base] for at in range(3, len(values), 5)]
        return [line.text for line in self._lines]


_new_layout = object.__new__


def _texts_of(count: int, based: bool = False) -> Callable[..., list]:
    """``Layout.texts`` for an answer of `count` lines, written out: each line's slice at
    constant indices of the answer, with no loop (a comprehension costs about twice as
    much as the slices for the two or three lines of a title). `based`: the ranges are
    less a third argument, ``base`` (a batch's)."""
    less = " - base" if based else ""
    slices = ", ".join(f"text[values[{3 + 5 * line}]{less}:values[{4 + 5 * line}]{less}]" for line in range(count))
    return eval(f"lambda text, values{', base' if based else ''}: [{slices}]")  # noqa: S307 (constant source)


_TEXTS = [_texts_of(count) for count in range(17)]
_BASED_TEXTS = [_texts_of(count, based=True) for count in range(17)]




def _batch_layout(text: str, data: Optional[bytes], values: tuple, base: int) -> Layout:
    """A ``balance_many`` layout: `values` as ``Layout._values`` but with byte offsets into
    the batch (``base`` where the paragraph starts); `data` the paragraph's UTF-8."""
    layout = _new_layout(_BatchLayout)
    layout._text = text
    layout._values = values
    layout._lines = None
    layout._data = None if data is None or len(data) == len(text) else data
    layout._base = base
    return layout


class Font:
    """A font face at a size, opened by libhowdytext. Immutable and shareable by any number
    of threads. Prefer ``howdytext.font(name, size)``, which opens each once per process.

    Args:
        name: a path (contains ``/`` or ends in .ttf/.otf/.ttc), a bundled font name
            (``"Inter-Bold"``) or a fontconfig family (``"DejaVu Sans:bold"``), tried in
            that order.
        size: em height in px, 0.5 to 4096.

    Raises:
        HowdyTextError: when nothing matches the name, the file is not a usable font or
            the size is out of range.
    """

    __slots__ = ("name", "size", "_handle", "_free")

    def __init__(self, name: str, size: float) -> None:
        lib = _native.library()
        handle = ctypes.c_void_p()
        message = ctypes.c_void_p()
        status = lib.howdytext_font_open(name.encode("utf-8"), float(size), ctypes.byref(handle), ctypes.byref(message))
        if status != _native.OK:
            raise HowdyTextError(status, _take_message(message))
        self.name = name
        self.size = float(size)
        self._handle = handle
        self._free = lib.howdytext_font_free

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle is not None and handle.value:
            self._free(handle)
            self._handle = None

    def __repr__(self) -> str:
        return f"howdytext.Font({self.name!r}, {self.size:g})"

    def layout(
        self,
        text: str,
        width: float,
        *,
        mode: Mode = "balance",
        locale: Optional[str] = None,
        direction: Optional[Literal["auto", "ltr", "rtl"]] = None,
        line_height: Optional[float] = None,
        features: Optional[Sequence[str]] = None,
        line_break: Optional[str] = None,
        word_break: Optional[str] = None,
        overflow_wrap: Optional[str] = None,
        hyphens: Optional[Literal["none", "manual", "auto"]] = None,
    ) -> Layout:
        """Lays out ``text`` at ``width`` px in this font; see ``howdytext.balance`` for
        the options. The GIL is released while the library works."""
        return _style(self, None, mode, locale, direction, line_height,
                      None if features is None else tuple(features), line_break, word_break, overflow_wrap,
                      hyphens).layout(text, width)


@lru_cache(maxsize=256)
def _open_font(name: str, size: float) -> Font:
    return Font(name, size)


def font(name: str, size: float) -> Font:
    """The font ``name`` at ``size`` px, opened once per process (at most 256 kept).

    Raises:
        HowdyTextError: as ``Font`` does.
    """
    return _open_font(name, float(size))


@lru_cache(maxsize=1024)
def _options(
    mode: str,
    locale: Optional[str],
    direction: Optional[str],
    line_height: Optional[float],
    features: Optional[Tuple[str, ...]],
    line_break: Optional[str],
    word_break: Optional[str],
    overflow_wrap: Optional[str],
    hyphens: Optional[str],
) -> bytes:
    """The options as the JSON object libhowdytext reads (a ``--jsonl`` request's fields)."""
    fields = {
        "mode": mode,
        "locale": locale,
        "direction": direction,
        "lineHeight": line_height,
        "features": None if features is None else list(features),
        "lineBreak": line_break,
        "wordBreak": word_break,
        "overflowWrap": overflow_wrap,
        "hyphens": hyphens,
    }
    return json.dumps({key: value for key, value in fields.items() if value is not None}).encode("utf-8")


# A line as howdytext_line lays it out: size_t start, end; double width; int hyphen, rtl
# (native sizes and alignment, as ctypes lays out LineStruct), and a summary as
# howdytext_summary does.
_LINE = struct.Struct("@NNdii")
_SUMMARY = struct.Struct("@NddN")
assert _LINE.size == ctypes.sizeof(_native.LineStruct)
assert _SUMMARY.size == ctypes.sizeof(_native.SummaryStruct)
_make = tuple.__new__  # Line(...) without NamedTuple's keyword handling
# One struct call reads every line of a layout of up to 32 lines (a call per line costs more).
_LINES = [struct.Struct("@" + "NNdii" * count).unpack_from for count in range(33)]

# howdytext_flat: text_length, width, units, capacity in; widest, height, greedy out;
# then the lines. A layout's answer is read with one unpack from byte 32: the three
# summary fields, then five per line, which is Layout._values.
_FLAT = struct.Struct("@NdNNddN")
_FLAT_SETUP = struct.Struct("@NN").pack_into
_FLAT_OUT_AT = 32
_UNITS_SCALARS = 2  # HOWDYTEXT_UNITS_SCALARS: ranges are str indices
_BLOCK_LINES = 16  # lines a new block has room for; a longer layout gets a block of its own size
# Blocks not in use; a call takes one and gives it back, so threads never share one
# (list.pop and list.append are atomic). Each is (the ctypes array passed to the library,
# then the same memory as size_t words, as doubles and as bytes): the length and width go
# in by item assignment (no call), the answer comes out of the bytes.
_blocks: list = []
_flat = None  # howdytext_style_layout_flat, set when the first Style is made


def _block(capacity: int) -> tuple:
    """A howdytext_flat block with room for `capacity` lines, its units set to str indices."""
    memory = (ctypes.c_uint64 * ((_FLAT.size + capacity * _LINE.size) // 8))()
    view = memoryview(memory).cast("B")
    _FLAT_SETUP(view, 16, _UNITS_SCALARS, capacity)
    return memory, view.cast("N"), view.cast("d"), view


@lru_cache(maxsize=64)
def _answer(count: int) -> Callable[..., tuple]:
    """The unpack of the answer of a layout of `count` lines (from byte 32 of its block)."""
    return struct.Struct("@ddN" + "NNdii" * count).unpack_from


# For each line count a new block holds (0 to _BLOCK_LINES): the unpack of that answer.
# A dict, so that a count outside (negative: refused; larger: the block was too small)
# is a KeyError.
_READERS = {count: _answer(count) for count in range(_BLOCK_LINES + 1)}


def _layout_text(style: "Style", text: str, width: float) -> Layout:
    """`text` laid out at `width` px in `style`: one library call (no argtypes conversion:
    the block carries the length and width), one unpack, one object. This is the whole
    Python cost of a layout, so every line is a bytecode or a C call."""
    data = text.encode()
    try:
        block = _blocks.pop()
    except IndexError:
        block = _block(_BLOCK_LINES)
    memory, words, doubles, view = block
    words[0] = len(data)
    try:
        doubles[1] = width
    except (TypeError, OverflowError):
        _blocks.append(block)
        raise TypeError(f"width must be a number (px), got {type(width).__name__}") from None
    count = _flat(style._handle, data, memory)  # type: ignore[misc]
    try:
        unpack = _READERS[count]
    except KeyError:
        values = _answer_rest(style, data, width, block, count)
    else:
        values = unpack(view, _FLAT_OUT_AT)
        _blocks.append(block)
    layout = _new_layout(Layout)
    layout._text = text
    layout._values = values
    layout._lines = None
    return layout


def _answer_rest(style: "Style", data: bytes, width: float, block: tuple, count: int) -> tuple:
    """The answer (``Layout._values``) when `count`, the flat call's answer with `block`, is
    not a line count that a new block holds: more lines (in the block when it is a larger
    one, else laid out again in a block of their size, which replaces it in the pool), or a
    refusal (negative: raised). `block` goes back to the pool either way."""
    if count > (len(block[3]) - _FLAT.size) // _LINE.size:
        block = _block(count)
        block[1][0] = len(data)
        block[2][1] = width
        count = _flat(style._handle, data, block[0])  # type: ignore[misc]
    if count < 0:
        _blocks.append(block)
        raise style._refusal(data, width)
    values = _answer(count)(block[3], _FLAT_OUT_AT)
    _blocks.append(block)
    return values


class Style:
    """A font with its layout options, read once by the library (a ``howdytext_style``):
    laying out many texts alike skips reading the options at every call. Immutable and
    shareable by any number of threads. Prefer ``howdytext.style(...)``, which makes each
    once per process; ``balance`` uses the same cache.

    Raises:
        HowdyTextError: when an option is unknown or has a wrong value.
    """

    __slots__ = ("font", "options", "_handle", "_free", "__weakref__")

    def __init__(self, font: Font, options: bytes = b"{}") -> None:
        lib = _native.library()
        handle = ctypes.c_void_p()
        message = ctypes.c_void_p()
        status = lib.howdytext_style_create(font._handle, options, ctypes.byref(handle), ctypes.byref(message))
        if status != _native.OK:
            raise HowdyTextError(status, _take_message(message))
        self.font = font
        self.options = options
        self._handle = handle
        self._free = lib.howdytext_style_free
        global _flat
        if _flat is None:
            _flat = _native.flat()

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle is not None and handle.value:
            self._free(handle)
            self._handle = None

    def __repr__(self) -> str:
        return f"howdytext.Style({self.font!r}, {self.options.decode()})"

    def layout(self, text: str, width: float) -> Layout:
        """``text`` laid out at ``width`` px (> 0) in this style's font and options. The
        GIL is released while the library works.

        Raises:
            HowdyTextError: when the width is out of range or the text is refused.
        """
        return _layout_text(self, text, width)

    def _refusal(self, data: bytes, width: float) -> HowdyTextError:
        """The error for a layout the library refused: laid out again by the call that
        gives a message (the fast call gives only the status)."""
        lib = _native.library()
        summary = _native.SummaryStruct()
        message = ctypes.c_void_p()
        status = lib.howdytext_style_layout_into(self._handle, data, len(data), float(width), None, 0,
                                                 ctypes.byref(summary), ctypes.byref(message))
        if status == _native.OK:
            return HowdyTextError(_native.ARGUMENT, "the library refused the text in one call but not in another")
        return HowdyTextError(status, _take_message(message))


# Styles by (font name or Font, size, mode): the common call, looked up without hashing
# nine options. Bounded: cleared when it holds 1024 (a style is cheap to make again).
_mode_styles: Dict[Tuple[object, object, str], Style] = {}


def _mode_style(font: str | Font, size: Optional[float], mode: str) -> Style:
    found = _mode_styles.get((font, size, mode))
    if found is None:
        found = _style(font, size, mode, None, None, None, None, None, None, None, None)
        if len(_mode_styles) >= 1024:
            _mode_styles.clear()
        _mode_styles[(font, size, mode)] = found
    return found


@lru_cache(maxsize=1024)
def _cached_style(font: Font, options: bytes) -> Style:
    return Style(font, options)


def _style(
    font: str | Font,
    size: Optional[float],
    mode: str,
    locale: Optional[str],
    direction: Optional[str],
    line_height: Optional[float],
    features: Optional[Tuple[str, ...]],
    line_break: Optional[str],
    word_break: Optional[str],
    overflow_wrap: Optional[str],
    hyphens: Optional[str],
) -> Style:
    if isinstance(font, Font):
        chosen = font
    else:
        if size is None:
            raise TypeError("balance() needs size= (px) with a font name")
        chosen = _open_font(font, float(size))
    options = _options(mode, locale, direction, line_height, features, line_break, word_break, overflow_wrap, hyphens)
    return _cached_style(chosen, options)


def style(
    font: str | Font,
    size: Optional[float] = None,
    *,
    mode: Mode = "balance",
    locale: Optional[str] = None,
    direction: Optional[Literal["auto", "ltr", "rtl"]] = None,
    line_height: Optional[float] = None,
    features: Optional[Sequence[str]] = None,
    line_break: Optional[str] = None,
    word_break: Optional[str] = None,
    overflow_wrap: Optional[str] = None,
    hyphens: Optional[Literal["none", "manual", "auto"]] = None,
) -> Style:
    """The font and options of a ``balance`` call as a ``Style``, made once per process
    (at most 1024 kept); ``style(...).layout(text, width)`` equals ``balance(text, ...,
    width=width)``. Arguments as ``balance``.

    Raises:
        HowdyTextError: as ``balance`` does for the font and options.
    """
    return _style(font, size, mode, locale, direction, line_height, None if features is None else tuple(features),
                  line_break, word_break, overflow_wrap, hyphens)


def balance(
    text: str,
    font: str | Font,
    size: Optional[float] = None,
    width: float = 0,
    *,
    mode: Mode = "balance",
    locale: Optional[str] = None,
    direction: Optional[Literal["auto", "ltr", "rtl"]] = None,
    line_height: Optional[float] = None,
    features: Optional[Sequence[str]] = None,
    line_break: Optional[str] = None,
    word_break: Optional[str] = None,
    overflow_wrap: Optional[str] = None,
    hyphens: Optional[Literal["none", "manual", "auto"]] = None,
) -> Layout:
    """Lays out ``text`` in ``font`` at ``size`` px, at most ``width`` px wide, with
    greedy's line count at the narrowest width that keeps it (``mode="balance"``).

    Args:
        text: the text; any Unicode (bidi, fallback fonts for other scripts and emoji).
        font: a font name (see ``Font``), opened once per process, or a ``Font``.
        size: em height in px (0.5 to 4096); required with a font name, ignored with a ``Font``.
        width: available width in px (> 0).
        mode: "balance" (default), "greedy", "even" (least squared slack) or "pretty"
            (no lonely last word).
        locale: BCP 47 tag for line breaking, shaping and hyphenation (``"de"``).
        direction: "auto" (default, from the text), "ltr" or "rtl".
        line_height: distance between baselines in px (default: the font's).
        features: OpenType settings such as ``["kern=0", "ss01"]``.
        line_break: "auto", "loose", "normal", "strict" or "anywhere" (CSS line-break).
        word_break: "normal", "break-all", "keep-all" or "auto-phrase" (CSS word-break).
        overflow_wrap: "normal", "break-word" or "anywhere" (CSS overflow-wrap).
        hyphens: "none", "manual" (soft hyphens) or "auto" (with a locale).

    Returns:
        The layout: lines with their text and width in px.

    Raises:
        HowdyTextError: naming the input that is wrong (font, size, width, an option).
        OSError: when libhowdytext.so cannot be found.
    """
    if (locale is None and direction is None and line_height is None and features is None and line_break is None
            and word_break is None and overflow_wrap is None and hyphens is None):
        # The common call: the style found by (font, size, mode) alone.
        try:
            chosen = _mode_styles[font, size, mode]
        except KeyError:
            chosen = _mode_style(font, size, mode)
    else:
        chosen = _style(font, size, mode, locale, direction, line_height,
                        None if features is None else tuple(features), line_break, word_break, overflow_wrap,
                        hyphens)
    return _layout_text(chosen, text, width)


def layout(text: str, font: str | Font, size: Optional[float] = None, width: float = 0, **options: object) -> Layout:
    """Greedy lines (``balance(..., mode="greedy")``); other options as ``balance``."""
    options.setdefault("mode", "greedy")
    return balance(text, font, size, width, **options)  # type: ignore[arg-type]


def library_version() -> str:
    """The loaded libhowdytext's version, "MAJOR.MINOR.PATCH"."""
    return _native.library().howdytext_version().decode("ascii")


# After everything it uses is defined: _batch imports from this module.
from ._batch import balance_many  # noqa: E402
