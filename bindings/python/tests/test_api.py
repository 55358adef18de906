"""The Pythonic API: the README example, errors as exceptions naming the input, the font
cache, and one font laying out from several threads."""

from __future__ import annotations

import threading

import pytest

import howdytext

README = "Get reminders for every plan you make"


def test_readme_example() -> None:
    title = howdytext.balance(README, font="Inter-Bold", size=28, width=330)
    assert title.texts == ["Get reminders for", "every plan you make"]
    assert title.width == max(title.widths) and 0 < title.width <= 330
    assert all(width * 64 == int(width * 64) for width in title.widths)


def test_greedy_is_the_readme_contrast() -> None:
    assert howdytext.layout(README, "Inter-Bold", 28, 330).texts == ["Get reminders for every", "plan you make"]


def test_modes_differ_as_the_case_file_says() -> None:
    text = "Turn on notifications so we can remind you when your plan is ready"
    greedy = howdytext.balance(text, "Inter-Regular", 17, 252, mode="greedy").texts
    pretty = howdytext.balance(text, "Inter-Regular", 17, 252, mode="pretty").texts
    assert greedy[-1] == "ready"
    assert len(pretty) == len(greedy) and pretty[-1] != "ready"


def test_non_ascii_ranges_are_str_indices() -> None:
    text = "Café déjà vu 🎉 encore une fois, à bientôt"
    result = howdytext.balance(text, "Inter-Regular", 17, 120)
    assert len(result.lines) >= 2
    for line in result.lines:
        assert text[line.start:line.end] == line.text


def test_fonts_are_opened_once_per_process() -> None:
    assert howdytext.font("Inter-Bold", 28) is howdytext.font("Inter-Bold", 28.0)
    assert howdytext.font("Inter-Bold", 28) is not howdytext.font("Inter-Bold", 17)


def test_errors_name_the_input() -> None:
    with pytest.raises(howdytext.HowdyTextError) as error:
        howdytext.balance(README, font="No Such Family 42", size=28, width=330)
    assert error.value.kind == "font-not-found" and "No Such Family 42" in str(error.value)
    with pytest.raises(howdytext.HowdyTextError) as error:
        howdytext.balance(README, font="Inter-Bold", size=28, width=330, mode="wide")  # type: ignore[arg-type]
    assert error.value.kind == "options" and "mode" in str(error.value)
    with pytest.raises(howdytext.HowdyTextError) as error:
        howdytext.balance(README, font="Inter-Bold", size=28, width=float("nan"))
    assert error.value.kind == "range" and "width" in str(error.value)
    with pytest.raises(howdytext.HowdyTextError) as error:
        howdytext.balance(README, font="Inter-Bold", size=5000, width=330)
    assert error.value.kind == "range"
    with pytest.raises(howdytext.HowdyTextError) as error:
        howdytext.balance(README, font="Inter-Bold", size=28, width=330, features=["not a feature"])
    assert error.value.kind == "options"
    with pytest.raises(TypeError):
        howdytext.balance(README, font="Inter-Bold", width=330)


def test_a_lone_surrogate_is_refused_by_python_before_the_library() -> None:
    with pytest.raises(UnicodeEncodeError):
        howdytext.balance("a\ud800b", font="Inter-Bold", size=28, width=330)


def test_one_font_from_several_threads() -> None:
    texts = [README, "Turn on notifications so we can remind you when your plan is ready",
             "Schön, dass du da bist: Benachrichtigungen helfen dir, dranzubleiben"]
    shared = howdytext.font("Inter-Regular", 17)
    expected = [shared.layout(text, 200) for text in texts]
    failures: list[str] = []

    def work() -> None:
        for _ in range(50):
            for text, reference in zip(texts, expected):
                if shared.layout(text, 200) != reference:
                    failures.append(text)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_version() -> None:
    assert howdytext.library_version() == "0.1.0"


def test_the_library_is_loaded_so_calls_release_the_gil() -> None:
    # ctypes.CDLL releases the GIL for every foreign call; PyDLL (a CDLL subclass) keeps it.
    import ctypes

    from howdytext import _native

    assert type(_native.library()) is ctypes.CDLL


def test_bundled_names_come_from_the_install_prefix(tmp_path) -> None:
    # PREFIX/share/howdy/fonts beside PREFIX/lib/libhowdytext.so is searched before the
    # checkout the library was built from: a font only there opens by name.
    import os
    import pathlib
    import shutil

    from howdytext import _native

    library = pathlib.Path(_native.library_path()).resolve()
    fonts = library.parent.parent / "share" / "howdy" / "fonts"
    if os.environ.get("HOWDY_FONTS_DIR") or not (fonts / "Inter-Bold.otf").exists():
        pytest.skip("the library is not in an install prefix with fonts")
    only_here = fonts / "InstalledOnlyTestFont.otf"
    shutil.copyfile(fonts / "Inter-Bold.otf", only_here)
    try:
        assert howdytext.balance(README, font="InstalledOnlyTestFont", size=28, width=330).texts == [
            "Get reminders for", "every plan you make"]
    finally:
        only_here.unlink()
