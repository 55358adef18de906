"""Loading libhowdytext.so and declaring its functions (ctypes; the package has no
compiled part). ctypes.CDLL releases the GIL for the duration of every call, so a
layout on one thread never blocks Python code on another."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
import threading
from typing import Optional

__all__ = ["LineStruct", "SummaryStruct", "flat", "library", "library_path", "unchecked"]

# Status codes from howdytext.h.
OK = 0
ARGUMENT = 1


class LineStruct(ctypes.Structure):
    """`howdytext_line`: a line's UTF-8 byte range, width in px and flags."""

    _fields_ = [
        ("start", ctypes.c_size_t),
        ("end", ctypes.c_size_t),
        ("width", ctypes.c_double),
        ("hyphen", ctypes.c_int),
        ("rtl", ctypes.c_int),
    ]


class SummaryStruct(ctypes.Structure):
    """`howdytext_summary`: line count, widest width, height, greedy line count."""

    _fields_ = [
        ("line_count", ctypes.c_size_t),
        ("width", ctypes.c_double),
        ("height", ctypes.c_double),
        ("greedy_line_count", ctypes.c_size_t),
    ]


_lock = threading.Lock()
_library: Optional[ctypes.CDLL] = None
_path: Optional[str] = None


def _candidates() -> list[str]:
    """Where the library may be, in the order tried."""
    found: list[str] = []
    explicit = os.environ.get("HOWDYTEXT_LIBRARY")
    if explicit:
        return [explicit]
    if shutil.which("pkg-config"):
        try:
            libdir = subprocess.run(
                ["pkg-config", "--variable=libdir", "howdytext"], capture_output=True, text=True, timeout=10
            ).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            libdir = ""
        if libdir:
            found.append(os.path.join(libdir, "libhowdytext.so"))
    import sys

    found.append(os.path.join(sys.prefix, "lib", "libhowdytext.so"))
    found.append("/usr/local/lib/libhowdytext.so")
    by_linker = ctypes.util.find_library("howdytext")
    if by_linker:
        found.append(by_linker)
    return found


def _declare(lib: ctypes.CDLL) -> None:
    c_double, c_size_t, c_int, c_void_p, c_char_p = (
        ctypes.c_double,
        ctypes.c_size_t,
        ctypes.c_int,
        ctypes.c_void_p,
        ctypes.c_char_p,
    )
    out = ctypes.POINTER(c_void_p)
    signatures = {
        "howdytext_version": (c_char_p, []),
        "howdytext_font_open": (c_int, [c_char_p, c_double, out, out]),
        "howdytext_font_free": (None, [c_void_p]),
        "howdytext_font_size": (c_double, [c_void_p]),
        "howdytext_layout_create": (c_int, [c_void_p, c_char_p, c_size_t, c_double, c_char_p, out, out]),
        "howdytext_layout_free": (None, [c_void_p]),
        "howdytext_layout_line_count": (c_size_t, [c_void_p]),
        "howdytext_layout_width": (c_double, [c_void_p]),
        "howdytext_layout_height": (c_double, [c_void_p]),
        "howdytext_layout_greedy_line_count": (c_size_t, [c_void_p]),
        "howdytext_layout_lines": (c_size_t, [c_void_p, ctypes.POINTER(LineStruct), c_size_t]),
        "howdytext_layout_into": (
            c_int,
            [c_void_p, c_char_p, c_size_t, c_double, c_char_p, ctypes.POINTER(LineStruct), c_size_t,
             ctypes.POINTER(SummaryStruct), out],
        ),
        "howdytext_message_free": (None, [c_void_p]),
        "howdytext_style_create": (c_int, [c_void_p, c_char_p, out, out]),
        "howdytext_style_free": (None, [c_void_p]),
        "howdytext_style_layout_into": (
            c_int,
            [c_void_p, c_char_p, c_size_t, c_double, ctypes.POINTER(LineStruct), c_size_t,
             ctypes.POINTER(SummaryStruct), out],
        ),
        "howdytext_layout_many": (
            c_int,
            [c_void_p, c_char_p, c_size_t, c_void_p, c_void_p, c_size_t, c_void_p, c_size_t, c_void_p, c_void_p,
             ctypes.POINTER(c_size_t), out],
        ),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments


def unchecked(name: str) -> ctypes._CFuncPtr:  # type: ignore[name-defined]
    """A second function object for `name` with no ``argtypes``, for the hot paths: ctypes
    converts each argument through its ``argtypes`` entry (about 0.2 us apiece), while
    arguments that are already ctypes objects or bytes pass as they are. Callers must
    pass exactly the C types: ``c_size_t``/``c_double`` objects, ctypes arrays, ``byref``
    pointers, bytes. Returns an int (``howdytext_status``)."""
    function = library()[name]
    function.restype = ctypes.c_int
    return function


def flat() -> ctypes._CFuncPtr:  # type: ignore[name-defined]
    """``howdytext_style_layout_flat`` for the hot path: three arguments (the style's
    ``c_void_p``, the UTF-8 ``bytes``, the block, a ctypes array) that ctypes passes as
    they are, with no ``argtypes`` to convert through; returns the line count or minus a
    status (``ptrdiff_t``)."""
    function = library()["howdytext_style_layout_flat"]
    function.restype = ctypes.c_ssize_t
    return function


def library() -> ctypes.CDLL:
    """The loaded libhowdytext (once per process).

    Tried in order: ``$HOWDYTEXT_LIBRARY`` (a path to the .so), ``pkg-config``'s libdir for
    ``howdytext`` (so ``PKG_CONFIG_PATH=PREFIX/lib/pkgconfig`` finds an install in PREFIX),
    ``sys.prefix/lib``, ``/usr/local/lib``, then the dynamic linker's search path.

    Raises:
        OSError: when none of those holds a loadable libhowdytext.so; the message lists
            the paths tried.
    """
    global _library, _path
    if _library is not None:
        return _library
    with _lock:
        if _library is not None:
            return _library
        tried: list[str] = []
        for candidate in _candidates():
            if os.sep in candidate and not os.path.exists(candidate):
                tried.append(f"{candidate} (missing)")
                continue
            try:
                lib = ctypes.CDLL(candidate)
            except OSError as error:
                tried.append(f"{candidate} ({error})")
                continue
            _declare(lib)
            _path = candidate
            _library = lib
            return lib
        raise OSError(
            "libhowdytext.so not found; install it with scripts/install-libhowdytext.sh --prefix DIR and set "
            "HOWDYTEXT_LIBRARY=DIR/lib/libhowdytext.so or PKG_CONFIG_PATH=DIR/lib/pkgconfig. Tried: "
            + "; ".join(tried)
        )


def library_path() -> str:
    """The path the library was loaded from (loads it first)."""
    library()
    assert _path is not None
    return _path
