"""``balance_many``: many texts in one library call (``howdytext_layout_many``) per 2048."""

from __future__ import annotations

import array
import ctypes
import itertools
import struct
from typing import Dict, Iterable, Literal, Optional, Sequence

from . import (
    _LINE,
    _LINES,
    _SUMMARY,
    Font,
    HowdyTextError,
    Mode,
    _batch_layout,
    _mode_style,
    _mode_styles,
    _native,
    _style,
    _take_message,
)


def _each(value: object, count: int, name: str) -> Optional[list]:
    """`value` as a list of `count` per-paragraph values, or None when it is one value for all."""
    if isinstance(value, (str, bytes, Font)) or not isinstance(value, Iterable):
        return None
    values = list(value)
    if len(values) != count:
        raise ValueError(f"balance_many: {name} has {len(values)} values for {count} texts")
    return values


# Paragraphs per library call: bounds the buffers (and how long one call holds a thread).
_BATCH = 2048
_many = None  # howdytext_layout_many without argtypes, once the library is loaded
# array typecodes of a size_t and of a pointer
_SIZE_CODE = next(code for code in "LQ" if array.array(code).itemsize == ctypes.sizeof(ctypes.c_size_t))
_POINTER_CODE = next(code for code in "LQ" if array.array(code).itemsize == ctypes.sizeof(ctypes.c_void_p))


def balance_many(
    texts: Sequence[str],
    font: str | Font | Sequence[str | Font],
    size: Optional[float | Sequence[float]] = None,
    width: float | Sequence[float] = 0,
    *,
    mode: Mode | Sequence[Mode] = "balance",
    errors: Literal["raise", "return"] = "raise",
    locale: Optional[str] = None,
    direction: Optional[Literal["auto", "ltr", "rtl"]] = None,
    line_height: Optional[float] = None,
    features: Optional[Sequence[str]] = None,
    line_break: Optional[str] = None,
    word_break: Optional[str] = None,
    overflow_wrap: Optional[str] = None,
    hyphens: Optional[Literal["none", "manual", "auto"]] = None,
) -> list:
    """``[balance(text, ...) for text in texts]`` in one library call per 2048 texts
    (``howdytext_layout_many``): the same layouts, without a foreign call per paragraph.
    The GIL is released for each call.

    Args:
        texts: the texts.
        font, size, width, mode: as ``balance``; each is one value for every text or a
            sequence with one value per text (a corpus' columns).
        errors: "raise" (default) raises the first paragraph's error; "return" puts a
            ``HowdyTextError`` in that paragraph's place and goes on.
        locale, direction, line_height, features, line_break, word_break, overflow_wrap,
        hyphens: as ``balance``, for every text.

    Returns:
        One ``Layout`` (or, with errors="return", ``HowdyTextError``) per text, in order.

    Raises:
        HowdyTextError: with errors="raise", for the first text the library refuses (its
            message names the text's index).
        ValueError: when a per-text sequence's length differs from ``texts``'.
    """
    if errors not in ("raise", "return"):
        raise ValueError(f'balance_many: errors must be "raise" or "return", got {errors!r}')
    texts = list(texts)
    count = len(texts)
    fonts, sizes, widths, modes = (_each(font, count, "font"), _each(size, count, "size"),
                                   _each(width, count, "width"), _each(mode, count, "mode"))
    plain = (locale is None and direction is None and line_height is None and features is None
             and line_break is None and word_break is None and overflow_wrap is None and hyphens is None)
    feature_tuple = None if features is None else tuple(features)
    styles: list = []
    failed: Dict[int, HowdyTextError] = {}
    for index in range(count):
        key_font = font if fonts is None else fonts[index]
        key_size = size if sizes is None else sizes[index]
        key_mode = mode if modes is None else modes[index]
        try:
            if plain:
                chosen = _mode_styles.get((key_font, key_size, key_mode)) or _mode_style(key_font, key_size, key_mode)
            else:
                chosen = _style(key_font, key_size, key_mode, locale, direction, line_height, feature_tuple,
                                line_break, word_break, overflow_wrap, hyphens)
        except HowdyTextError as error:
            if errors == "raise":
                raise HowdyTextError(error.status, f"texts[{index}]: {error.message}") from None
            failed[index] = error
            chosen = None
        styles.append(chosen)
    results: list = []
    for first in range(0, count, _BATCH):
        results.extend(_many_call(texts[first:first + _BATCH], styles[first:first + _BATCH],
                                  width if widths is None else widths[first:first + _BATCH], first, errors, failed))
    return results


def _many_call(texts: list, styles: list, width: object, first: int, errors: str,
               failed: Dict[int, HowdyTextError]) -> list:
    """One batch: the layouts of `texts` (at most _BATCH) in `styles` (None where the style
    failed) at `width` (one value or a list)."""
    global _many
    call = _many
    if call is None:
        call = _many = _native.unchecked("howdytext_layout_many")
    count = len(texts)
    joined = "".join(texts)
    data = joined.encode("utf-8")
    if len(data) == len(joined):
        # ASCII: byte lengths are str lengths.
        encoded = None
        offsets = array.array(_SIZE_CODE, [0])
        offsets.extend(itertools.accumulate(map(len, texts)))
    else:
        encoded = [text.encode("utf-8") for text in texts]
        data = b"".join(encoded)
        offsets = array.array(_SIZE_CODE, [0])
        offsets.extend(itertools.accumulate(map(len, encoded)))
    # A failed style is passed as NULL: that paragraph's status is an argument error,
    # replaced by the style's own error below.
    handles = array.array(_POINTER_CODE, [0 if style is None else style._handle.value or 0 for style in styles])
    widths = array.array("d", [width] * count if not isinstance(width, list) else width)
    summaries = (_native.SummaryStruct * max(count, 1))()
    statuses = (ctypes.c_int * max(count, 1))()
    capacity = 4 * count + 64
    lines = (_native.LineStruct * capacity)()
    done = ctypes.c_size_t()
    message = ctypes.c_void_p()
    summary_size, line_size, status_size = _SUMMARY.size, _LINE.size, ctypes.sizeof(ctypes.c_int)
    summary_bytes = memoryview(summaries).cast("B")
    status_values = memoryview(statuses).cast("B").cast("i")
    handles_at, offsets_at, widths_at = (handles.buffer_info()[0], offsets.buffer_info()[0],
                                         widths.buffer_info()[0])
    results: list = []
    start = 0
    while start < count:
        # Continue after `start`: each per-paragraph pointer advanced by `start` entries.
        status = call(ctypes.c_void_p(handles_at + start * handles.itemsize), data, ctypes.c_size_t(len(data)),
                      ctypes.c_void_p(offsets_at + start * offsets.itemsize),
                      ctypes.c_void_p(widths_at + start * widths.itemsize), ctypes.c_size_t(count - start),
                      lines, ctypes.c_size_t(capacity), ctypes.byref(summaries, start * summary_size),
                      ctypes.byref(statuses, start * status_size), ctypes.byref(done), ctypes.byref(message))
        if status != _native.OK:
            raise HowdyTextError(status, _take_message(message))
        finished = done.value
        if finished == 0:
            # The next paragraph alone needs more room than `capacity` lines.
            capacity = max(capacity, summaries[start].line_count)
            lines = (_native.LineStruct * capacity)()
            continue
        line_bytes = memoryview(lines).cast("B")
        at = 0  # lines of this call read so far
        for index in range(start, start + finished):
            status = status_values[index]
            if status != _native.OK:
                results.append(_paragraph_error(index, first, status, texts, styles, width, errors, failed))
                continue
            line_count, widest, height, greedy = _SUMMARY.unpack_from(summary_bytes, index * summary_size)
            values = (_LINES[line_count](line_bytes, at * line_size) if line_count < len(_LINES)
                      else struct.unpack_from("@" + "NNdii" * line_count, line_bytes, at * line_size))
            at += line_count
            results.append(_batch_layout(texts[index], None if encoded is None else encoded[index],
                                         (widest, height, greedy) + values, offsets[index]))
        start += finished
        if start < count:
            lines = (_native.LineStruct * capacity)()  # the layouts made keep reading nothing from it
    return results


def _paragraph_error(index: int, first: int, status: int, texts: list, styles: list, width: object, errors: str,
                     failed: Dict[int, HowdyTextError]) -> HowdyTextError:
    """The error of paragraph `index` of a batch (`first` + `index` overall): its style's
    error, else the library's message for it laid out alone. Raised with errors="raise"."""
    error = failed.get(first + index)
    if error is None:
        try:
            styles[index].layout(texts[index], width[index] if isinstance(width, list) else width)
            error = HowdyTextError(status, "the library refused the paragraph in a batch but not alone")
        except HowdyTextError as alone:
            error = alone
    if errors == "raise":
        raise HowdyTextError(error.status, f"texts[{first + index}]: {error.message}")
    return error
