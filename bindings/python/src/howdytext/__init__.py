"""Balanced line breaks with real HarfBuzz metrics, from Python.

A thin layer over libhowdytext.so (HowdyText's C ABI), loaded with ctypes::

    >>> import howdytext
    >>> title = howdytext.balance("Get reminders for every plan you make", font="Inter-Bold", size=28, width=330)
    >>> [line.text for line in title.lines]
    ['Get reminders for', 'every plan you make']

Units are px: ``size`` is the font's em height and ``width`` the available width; line
widths are whole 1/64 px. The options are those of a ``howdy balance --jsonl`` request
(the library reads them with the same code), spelled in snake_case here.

Threads: fonts are opened once per process and shared (``font()`` caches them); the GIL
is released for the whole layout, so threads lay out in parallel. Layouts are plain
Python values: the C layout is freed before a call returns.
"""

from __future__ import annotations

import ctypes
import json
import struct
import threading
from functools import lru_cache
from typing import Literal, NamedTuple, Optional, Sequence, Tuple

from . import _native

__all__ = [
    "Font",
    "HowdyTextError",
    "Layout",
    "Line",
    "Mode",
    "balance",
    "font",
    "layout",
    "library_version",
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


class Layout(NamedTuple):
    """Lines of one text, top to bottom.

    Attributes:
        lines: the lines; empty for empty text.
        width: width in px of the widest line.
        height: line count times line height, in px.
        greedy_line_count: lines greedy layout gives at the same width (equal to
            ``len(lines)`` in every mode: balancing never adds a line).
    """

    lines: Tuple[Line, ...]
    width: float
    height: float
    greedy_line_count: int

    @property
    def texts(self) -> list[str]:
        """The lines' texts."""
        return [line.text for line in self.lines]

    @property
    def widths(self) -> list[float]:
        """The lines' widths in px."""
        return [line.width for line in self.lines]


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
        options = _options(
            mode, locale, direction, line_height, None if features is None else tuple(features),
            line_break, word_break, overflow_wrap, hyphens,
        )
        return _layout(self, text, float(width), options)


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
# (native sizes and alignment, as ctypes lays out LineStruct).
_LINE = struct.Struct("@NNdii")
assert _LINE.size == ctypes.sizeof(_native.LineStruct)
_make_line = tuple.__new__  # Line(...) without NamedTuple's keyword handling


# The options of a call that sets only the mode, by mode.
_MODE_ONLY = {mode: json.dumps({"mode": mode}).encode("utf-8") for mode in ("balance", "greedy", "even", "pretty")}


class _Scratch(threading.local):
    """Per-thread buffers for the library's answer, so a layout allocates no ctypes objects."""

    def __init__(self) -> None:
        self.summary = _native.SummaryStruct()
        self.summary_pointer = ctypes.pointer(self.summary)
        self.message = ctypes.c_void_p()
        self.message_pointer = ctypes.pointer(self.message)
        self.grow(32)

    def grow(self, capacity: int) -> None:
        self.capacity = capacity
        self.lines = (_native.LineStruct * capacity)()
        # The lines' bytes, read with one struct.unpack per line: reading ctypes fields
        # makes a Structure object per line and a conversion per field.
        self.bytes = memoryview(self.lines).cast("B")


_scratch = _Scratch()
_into = None  # howdytext_layout_into, once the library is loaded


def _layout(font: Font, text: str, width: float, options: bytes) -> Layout:
    # One C call per layout (lay out, copy the lines, free): with ctypes each call costs.
    global _into
    into = _into
    if into is None:
        into = _into = _native.library().howdytext_layout_into
    data = text.encode("utf-8")
    scratch = _scratch
    status = into(font._handle, data, len(data), width, options, scratch.lines, scratch.capacity,
                  scratch.summary_pointer, scratch.message_pointer)
    if status != _native.OK:
        raise HowdyTextError(status, _take_message(scratch.message))
    summary = scratch.summary
    count = summary.line_count
    if count > scratch.capacity:
        scratch.grow(count)
        status = into(font._handle, data, len(data), width, options, scratch.lines, count,
                      scratch.summary_pointer, scratch.message_pointer)
        if status != _native.OK:
            raise HowdyTextError(status, _take_message(scratch.message))
    unpack = _LINE.unpack_from
    raw = scratch.bytes
    size = _LINE.size
    lines = []
    if len(data) == len(text):
        # ASCII: byte offsets are str indices.
        for index in range(count):
            start, end, line_width, hyphen, rtl = unpack(raw, index * size)
            lines.append(_make_line(Line, (text[start:end], line_width, hyphen != 0, rtl != 0, start, end)))
    else:
        # Lines come in text order: str indices are counted from the previous line's end.
        byte_at, index_at = 0, 0
        for index in range(count):
            start, end, line_width, hyphen, rtl = unpack(raw, index * size)
            if start < byte_at:  # not after the previous line: count from the text's start
                byte_at, index_at = 0, 0
            start_index = index_at + len(data[byte_at:start].decode("utf-8"))
            piece = data[start:end].decode("utf-8")
            byte_at, index_at = end, start_index + len(piece)
            lines.append(_make_line(Line, (piece, line_width, hyphen != 0, rtl != 0, start_index, index_at)))
    return _make_line(Layout, (tuple(lines), summary.width, summary.height, summary.greedy_line_count))


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
    if isinstance(font, Font):
        chosen = font
    else:
        if size is None:
            raise TypeError("balance() needs size= (px) with a font name")
        chosen = _open_font(font, float(size))
    if (locale is None and direction is None and line_height is None and features is None and line_break is None
            and word_break is None and overflow_wrap is None and hyphens is None):
        # The common call: no hashing of nine arguments for the options cache.
        options = _MODE_ONLY.get(mode) or _options(mode, None, None, None, None, None, None, None, None)
    else:
        options = _options(
            mode, locale, direction, line_height, None if features is None else tuple(features),
            line_break, word_break, overflow_wrap, hyphens,
        )
    return _layout(chosen, text, float(width), options)


def layout(text: str, font: str | Font, size: Optional[float] = None, width: float = 0, **options: object) -> Layout:
    """Greedy lines (``balance(..., mode="greedy")``); other options as ``balance``."""
    options.setdefault("mode", "greedy")
    return balance(text, font, size, width, **options)  # type: ignore[arg-type]


def library_version() -> str:
    """The loaded libhowdytext's version, "MAJOR.MINOR.PATCH"."""
    return _native.library().howdytext_version().decode("ascii")
