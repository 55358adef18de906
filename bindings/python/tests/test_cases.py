"""The Python package gives the same lines, widths and hyphens as `howdy balance --jsonl`
over every layout case file of the Swift tests (Tests/HowdyTextTests/Cases)."""

from __future__ import annotations

import json
import subprocess

import pytest

import howdytext
from conftest import howdy_binary, load_cases

CASES = load_cases()
OPTION_FIELDS = {"mode": "mode", "locale": "locale", "hyphens": "hyphens"}


def request(index: int, case: dict) -> dict:
    fields = {"id": index, "text": case["text"], "font": case["font"], "size": float(case["size"]),
              "width": float(case["width"])}
    for key in OPTION_FIELDS:
        if key in case:
            fields[key] = case[key]
    return fields


@pytest.fixture(scope="module")
def jsonl_answers() -> dict:
    """One `howdy balance --jsonl` run over every case, answers by id."""
    requests = "".join(json.dumps(request(i, case)) + "\n" for i, case in enumerate(CASES))
    done = subprocess.run([howdy_binary(), "balance", "--jsonl"], input=requests, capture_output=True, text=True,
                          check=True, timeout=300)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(CASES)
    return {answer["id"]: answer for answer in answers}


def test_there_are_cases() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize("index", range(len(CASES)), ids=[case["name"] for case in CASES])
def test_same_lines_as_howdy_balance_jsonl(index: int, jsonl_answers: dict) -> None:
    case = CASES[index]
    answer = jsonl_answers[index]
    assert "error" not in answer, answer
    options = {OPTION_FIELDS[key]: case[key] for key in OPTION_FIELDS if key in case}
    result = howdytext.balance(case["text"], font=case["font"], size=float(case["size"]),
                               width=float(case["width"]), **options)
    expected = [(line["text"], line["width"], line.get("hyphen", False)) for line in answer["lines"]]
    got = [(line.text, line.width, line.hyphen) for line in result.lines]
    assert got == expected
    assert result.width == answer["width"]
    assert result.height == answer["height"]
    assert result.greedy_line_count == answer["greedyLineCount"]
    # Each line's range is where its text is in the text given.
    for line in result.lines:
        assert case["text"][line.start:line.end] == line.text


def test_balance_many_gives_every_case_in_one_batch(jsonl_answers: dict) -> None:
    # Each case with its own options: one batch per option set, in case order.
    results = {}
    for index, case in enumerate(CASES):
        options = {OPTION_FIELDS[key]: case[key] for key in OPTION_FIELDS if key in case and key != "mode"}
        results.setdefault(tuple(sorted(options.items())), []).append(index)
    for options, indices in results.items():
        layouts = howdytext.balance_many(
            [CASES[i]["text"] for i in indices], [CASES[i]["font"] for i in indices],
            [float(CASES[i]["size"]) for i in indices], [float(CASES[i]["width"]) for i in indices],
            mode=[CASES[i].get("mode", "balance") for i in indices], **dict(options))
        for index, layout in zip(indices, layouts):
            answer = jsonl_answers[index]
            assert [(line.text, line.width, line.hyphen) for line in layout.lines] == [
                (line["text"], line["width"], line.get("hyphen", False)) for line in answer["lines"]], CASES[index]["name"]
            assert (layout.width, layout.height, layout.greedy_line_count) == (
                answer["width"], answer["height"], answer["greedyLineCount"])
