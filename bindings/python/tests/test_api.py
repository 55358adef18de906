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
    # The lines cover the text (single spaces between them): ranges in bytes would not.
    assert " ".join(result.texts) == " ".join(line.text for line in result.lines) == text


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
    # The function balance() calls too: not a Python-API function, which would hold the GIL.
    import howdytext as package

    howdytext.balance(README, font="Inter-Bold", size=28, width=330)
    assert package._flat is not None and not package._flat._flags_ & ctypes._FUNCFLAG_PYTHONAPI


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


def test_a_style_lays_out_as_balance_does() -> None:
    text = "Turn on notifications so we can remind you when your plan is ready"
    pretty = howdytext.style("Inter-Regular", 17, mode="pretty")
    assert pretty is howdytext.style("Inter-Regular", 17.0, mode="pretty")  # made once per process
    assert pretty.layout(text, 252) == howdytext.balance(text, "Inter-Regular", 17, 252, mode="pretty")
    german = howdytext.style("Inter-Bold", 28, locale="de", hyphens="auto")
    word = "Donaudampfschifffahrtsgesellschaftskapitän"
    assert german.layout(word, 200) == howdytext.balance(word, "Inter-Bold", 28, 200, locale="de", hyphens="auto")
    assert any(line.hyphen for line in german.layout(word, 200).lines)
    with pytest.raises(howdytext.HowdyTextError) as error:
        howdytext.style("Inter-Bold", 28, mode="wide")  # type: ignore[arg-type]
    assert error.value.kind == "options" and "mode" in str(error.value)
    with pytest.raises(howdytext.HowdyTextError) as error:
        pretty.layout(text, -1)
    assert error.value.kind == "range" and "width" in str(error.value)


def test_a_layout_reads_its_lines_when_asked_and_compares_by_value() -> None:
    import pickle

    for text in (README, "Café déjà vu 🎉 encore une fois, à bientôt"):
        layout = howdytext.balance(text, "Inter-Regular", 17, 120)
        # texts and widths before lines (read from the library's ranges), then after.
        texts, widths = layout.texts, layout.widths
        assert texts == [line.text for line in layout.lines] == layout.texts
        assert widths == [line.width for line in layout.lines] == layout.widths
        lines, width, height, greedy = layout
        assert lines is layout.lines and width == max(widths) and greedy == len(lines)
        again = pickle.loads(pickle.dumps(layout))
        assert again == layout and hash(again) == hash(layout) and repr(again) == repr(layout)
        assert howdytext.Layout(layout.lines, width, height, greedy) == layout
        assert layout != howdytext.Layout(layout.lines[:-1], width, height, greedy)


def test_every_line_count_reads_as_the_lines_do() -> None:
    # balance() and Style.layout() pick an unpack and a Layout class by line count (a
    # written-out texts per count up to 16) and lay out again in a larger block past 16:
    # every count from 1 to past 40, the long ones first so that short layouts then
    # reuse a larger block, equal the lines read one by one and the batch's byte ranges.
    text = " ".join(["plan"] * 200)  # k words a line: ceil(200 / k) lines, every count to 17
    widths = sorted(40 * 1.025 ** step for step in range(260))  # 40 to 24,000 px
    pool = len(howdytext._blocks)
    style = howdytext.style("Inter-Bold", 28)
    counts = set()
    batch = howdytext.balance_many([text] * len(widths), "Inter-Bold", 28, widths)
    for width, expected in zip(widths, batch):
        for layout in (howdytext.balance(text, "Inter-Bold", 28, width), style.layout(text, width)):
            assert isinstance(layout, howdytext.Layout) and type(layout).__name__ == "Layout"
            texts, widths_read = layout.texts, layout.widths
            assert texts == [line.text for line in layout.lines] == layout.texts == expected.texts
            assert widths_read == [line.width for line in layout.lines] == expected.widths
            assert layout == expected
            counts.add(len(texts))
    assert set(range(1, 18)) <= counts and max(counts) > 40
    # A block is taken and given back: laying out adds at most the one block a call needs.
    assert len(howdytext._blocks) <= max(pool, 1)
    with pytest.raises(TypeError):
        howdytext.balance(README, "Inter-Bold", 28, "wide")  # type: ignore[arg-type]
    assert len(howdytext._blocks) <= max(pool, 1)


def test_texts_equal_the_lines_ranges() -> None:
    # A text holding NUL or '\n', long, not ASCII, empty or blank: each line's text is
    # what its range cuts from the text, and texts is a new list at every read.
    texts = ["Hello\nworld, and a few more words after the break", "nul\0inside of some words here",
             " ".join(["Schön"] * 400), " ".join(["remind"] * 300), "", "   "]
    for text in texts:
        for width in (90, 250, 4000):
            layout = howdytext.balance(text, "Inter-Regular", 17, width)
            texts_first = layout.texts  # before any Line is made: from the answer's ranges
            lines = layout.lines
            assert texts_first == [text[line.start:line.end] for line in lines] == [line.text for line in lines]
            assert layout == howdytext.balance_many([text], "Inter-Regular", 17, width)[0]
            texts_read = layout.texts
            texts_read.append("not the layout's")  # a copy: the layout is unchanged
            assert layout.texts == [line.text for line in lines]


CORPUS = [README, "Turn on notifications so we can remind you when your plan is ready",
          "Café déjà vu 🎉 encore une fois, à bientôt", "", "مرحبا بك في تطبيقك الجديد",
          "新しい計画をいつでもどこでも確認できます。", "Schön, dass du da bist"]


def test_balance_many_equals_one_call_per_text() -> None:
    fonts = ["Inter-Bold", "Inter-Regular", "Inter-SemiBold"]
    texts = CORPUS * 3
    font = [fonts[i % 3] for i in range(len(texts))]
    size = [28, 17, 22] * (len(texts) // 3) + [28] * (len(texts) % 3)
    width = [330 - 9 * i for i in range(len(texts))]
    mode = ["balance", "greedy", "pretty", "even"] * len(texts)
    mode = mode[:len(texts)]
    expected = [howdytext.balance(t, f, s, w, mode=m) for t, f, s, w, m in zip(texts, font, size, width, mode)]
    assert howdytext.balance_many(texts, font, size, width, mode=mode) == expected
    # texts and widths read from a batch's byte ranges, before any Line is made.
    batch = howdytext.balance_many(texts, font, size, width, mode=mode)
    assert [layout.texts for layout in batch] == [layout.texts for layout in expected]
    assert [layout.widths for layout in batch] == [layout.widths for layout in expected]
    # One value for all, and options for all.
    assert howdytext.balance_many(CORPUS, "Inter-Bold", 28, 200, locale="de") == [
        howdytext.balance(t, "Inter-Bold", 28, 200, locale="de") for t in CORPUS]
    shared = howdytext.font("Inter-Medium", 15)
    assert howdytext.balance_many(CORPUS, shared, width=150) == [shared.layout(t, 150) for t in CORPUS]
    for text, layout in zip(texts, howdytext.balance_many(texts, font, size, width)):
        for line in layout.lines:
            assert text[line.start:line.end] == line.text
    assert howdytext.balance_many([], "Inter-Bold", 28, 330) == []


def test_balance_many_past_its_buffers() -> None:
    # More texts than one library call takes, and paragraphs with more lines than the
    # batch's first line buffer holds (4 per text + 64): the call goes on after each.
    many = [f"Paragraph {i} gets reminders for every plan you make" for i in range(2 * 2048 + 5)]
    assert howdytext.balance_many(many, "Inter-Bold", 28, 330) == [
        howdytext.balance(t, "Inter-Bold", 28, 330) for t in many]
    long = " ".join(["word"] * 400)
    texts = ["short one", long, "Café " * 90, long]
    results = howdytext.balance_many(texts, "Inter-Regular", 17, 40)
    assert len(results[1].lines) > 4 * len(texts) + 64
    assert results == [howdytext.balance(t, "Inter-Regular", 17, 40) for t in texts]


def test_balance_many_errors_raise_or_take_the_paragraphs_place() -> None:
    texts = [README, README, README, README]
    widths = [330, float("nan"), 330, 330]
    fonts = ["Inter-Bold", "Inter-Bold", "No Such Family 42", "Inter-Bold"]
    with pytest.raises(howdytext.HowdyTextError) as error:
        howdytext.balance_many(texts, fonts, 28, widths)
    assert error.value.kind == "font-not-found" and "texts[2]" in str(error.value)
    with pytest.raises(howdytext.HowdyTextError) as error:
        howdytext.balance_many(texts, "Inter-Bold", 28, widths)
    assert error.value.kind == "range" and "texts[1]" in str(error.value) and "width" in str(error.value)
    results = howdytext.balance_many(texts, fonts, 28, widths, errors="return")
    assert results[0] == results[3] == howdytext.balance(README, "Inter-Bold", 28, 330)
    assert isinstance(results[1], howdytext.HowdyTextError) and results[1].kind == "range"
    assert isinstance(results[2], howdytext.HowdyTextError) and "No Such Family 42" in str(results[2])
    with pytest.raises(ValueError):
        howdytext.balance_many(texts, "Inter-Bold", 28, [330, 330])
    with pytest.raises(ValueError):
        howdytext.balance_many(texts, "Inter-Bold", 28, 330, errors="ignore")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        howdytext.balance_many(texts, "Inter-Bold", None, 330)
    with pytest.raises(UnicodeEncodeError):
        howdytext.balance_many(["a\ud800b"], "Inter-Bold", 28, 330)


def test_balance_many_from_several_threads() -> None:
    texts = CORPUS * 20
    expected = howdytext.balance_many(texts, "Inter-Regular", 17, 200)
    failures: list[int] = []

    def work() -> None:
        for _ in range(5):
            if howdytext.balance_many(texts, "Inter-Regular", 17, 200) != expected:
                failures.append(1)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
