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
import threading
from functools import lru_cache
from typing import Dict, Iterator, Literal, NamedTuple, Optional, Sequence, Tuple

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

    ``Line`` objects are made on first use of ``lines`` (the library hands back byte
    ranges and widths; ``texts`` and ``widths`` read them without making a ``Line`` per
    line), so a layout whose lines are never read costs no per-line Python objects.

    Attributes:
        lines: the lines; empty for empty text.
        width: width in px of the widest line.
        height: line count times line height, in px.
        greedy_line_count: lines greedy layout gives at the same width (equal to
            ``len(lines)`` in every mode: balancing never adds a line).
    """

    __slots__ = ("_text", "_data", "_values", "_base", "_lines", "width", "height", "greedy_line_count")

    def __init__(self, lines: Sequence[Line], width: float, height: float, greedy_line_count: int) -> None:
        self._lines: Optional[Tuple[Line, ...]] = tuple(lines)
        self._text = ""
        self._data: Optional[bytes] = None
        self._values: Sequence = ()
        self._base = 0
        self.width = width
        self.height = height
        self.greedy_line_count = greedy_line_count

    @property
    def lines(self) -> Tuple[Line, ...]:
        """The lines (made on first use, then kept)."""
        lines = self._lines
        if lines is None:
            lines = self._lines = _lines_of(self._text, self._data, self._values, self._base)
        return lines

    @property
    def texts(self) -> list[str]:
        """The lines' texts."""
        if self._lines is None and self._data is None:
            # ASCII: byte offsets are str indices (less `base` in a batch's layouts).
            text, base, values = self._text, self._base, self._values
            if base:
                return [text[values[at] - base:values[at + 1] - base] for at in range(0, len(values), 5)]
            return [text[values[at]:values[at + 1]] for at in range(0, len(values), 5)]
        return [line.text for line in self.lines]

    @property
    def widths(self) -> list[float]:
        """The lines' widths in px."""
        if self._lines is None:
            return list(self._values[2::5])
        return [line.width for line in self._lines]

    def __iter__(self) -> Iterator[object]:
        return iter((self.lines, self.width, self.height, self.greedy_line_count))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return (self.width == other.width and self.height == other.height
                and self.greedy_line_count == other.greedy_line_count and self.lines == other.lines)

    def __hash__(self) -> int:
        return hash((self.lines, self.width, self.height, self.greedy_line_count))

    def __reduce__(self) -> Tuple[object, ...]:
        return (Layout, (self.lines, self.width, self.height, self.greedy_line_count))

    def __repr__(self) -> str:
        return (f"Layout(lines={self.lines!r}, width={self.width!r}, height={self.height!r}, "
                f"greedy_line_count={self.greedy_line_count!r})")


def _layout_of(text: str, data: Optional[bytes], values: Sequence, base: int, width: float, height: float,
               greedy: int) -> Layout:
    """A layout whose lines are made from `values` when first read (see `_lines_of`)."""
    layout = _new_layout(Layout)
    layout._text = text
    layout._data = None if data is None or len(data) == len(text) else data
    layout._values = values
    layout._base = base
    layout._lines = None
    layout.width = width
    layout.height = height
    layout.greedy_line_count = greedy
    return layout


_new_layout = object.__new__


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
# One struct call reads every line of a layout of up to 16 lines (a call per line costs more).
_LINES = [struct.Struct("@" + "NNdii" * count).unpack_from for count in range(17)]


class _Scratch(threading.local):
    """Per-thread buffers for the library's answer, so a layout allocates no ctypes objects
    beyond its two numbers."""

    def __init__(self) -> None:
        self.summary = _native.SummaryStruct()
        self.summary_bytes = memoryview(self.summary).cast("B")
        self.summary_ref = ctypes.byref(self.summary)
        self.message = ctypes.c_void_p()
        self.message_ref = ctypes.byref(self.message)
        self.grow(16)

    def grow(self, capacity: int) -> None:
        self.capacity = ctypes.c_size_t(capacity)
        self.lines = (_native.LineStruct * capacity)()
        # The lines' bytes, read with struct: reading ctypes fields makes a Structure
        # object per line and a conversion per field.
        self.bytes = memoryview(self.lines).cast("B")
        self.buffers = (self.lines, self.capacity, self.summary_ref, self.message_ref, self.summary_bytes, self.bytes)


_scratch = _Scratch()
_style_into = None  # howdytext_style_layout_into without argtypes, once the library is loaded


def _lines_of(text: str, data: Optional[bytes], values: Sequence, base: int = 0) -> Tuple[Line, ...]:
    """Lines from `values` (howdytext_line fields, five per line) whose byte ranges, less
    `base`, fall in `data`, the UTF-8 of `text` (None when `text` is ASCII)."""
    fields = iter(values)
    if data is None or len(data) == len(text):
        # ASCII: byte offsets are str indices.
        return tuple([_make(Line, (text[start - base:end - base], width, hyphen != 0, rtl != 0, start - base,
                                   end - base))
                      for start, end, width, hyphen, rtl in zip(fields, fields, fields, fields, fields)])
    # Lines come in text order: str indices are counted from the previous line's end.
    lines = []
    byte_at, index_at = 0, 0
    for start, end, width, hyphen, rtl in zip(fields, fields, fields, fields, fields):
        start, end = start - base, end - base
        if start < byte_at:  # not after the previous line: count from the text's start
            byte_at, index_at = 0, 0
        start_index = index_at + len(data[byte_at:start].decode("utf-8"))
        piece = data[start:end].decode("utf-8")
        byte_at, index_at = end, start_index + len(piece)
        lines.append(_make(Line, (piece, width, hyphen != 0, rtl != 0, start_index, index_at)))
    return tuple(lines)


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
        # One C call per layout (lay out, copy the lines; nothing to free), with no
        # argtypes conversion: every argument is already a C type.
        global _style_into
        into = _style_into
        if into is None:
            into = _style_into = _native.unchecked("howdytext_style_layout_into")
        data = text.encode("utf-8")
        # One thread-local lookup for every buffer (each lookup on a threading.local costs).
        lines, capacity, summary_ref, message_ref, summary_bytes, raw = _scratch.buffers
        length = ctypes.c_size_t(len(data))
        width_px = ctypes.c_double(width)
        status = into(self._handle, data, length, width_px, lines, capacity, summary_ref, message_ref)
        if status != _native.OK:
            raise HowdyTextError(status, _take_message(_scratch.message))
        count, widest, height, greedy = _SUMMARY.unpack_from(summary_bytes)
        if count > capacity.value:
            _scratch.grow(count)
            lines, capacity, summary_ref, message_ref, summary_bytes, raw = _scratch.buffers
            status = into(self._handle, data, length, width_px, lines, capacity, summary_ref, message_ref)
            if status != _native.OK:
                raise HowdyTextError(status, _take_message(_scratch.message))
        values = _LINES[count](raw) if count < 17 else struct.unpack_from("@" + "NNdii" * count, raw)
        return _layout_of(text, data, values, 0, widest, height, greedy)


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
        chosen = _mode_styles.get((font, size, mode)) or _mode_style(font, size, mode)
    else:
        chosen = _style(font, size, mode, locale, direction, line_height,
                        None if features is None else tuple(features), line_break, word_break, overflow_wrap,
                        hyphens)
    return chosen.layout(text, width)


def layout(text: str, font: str | Font, size: Optional[float] = None, width: float = 0, **options: object) -> Layout:
    """Greedy lines (``balance(..., mode="greedy")``); other options as ``balance``."""
    options.setdefault("mode", "greedy")
    return balance(text, font, size, width, **options)  # type: ignore[arg-type]


def library_version() -> str:
    """The loaded libhowdytext's version, "MAJOR.MINOR.PATCH"."""
    return _native.library().howdytext_version().decode("ascii")


# After everything it uses is defined: _batch imports from this module.
from ._batch import balance_many  # noqa: E402
