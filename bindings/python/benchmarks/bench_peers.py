"""Per-paragraph balance time: this package vs the pure-Python peer (uharfbuzz shaping
once, then a bisection over greedy line counts in Python) vs in-process Swift (the same
library driven from C, bindings/c/tests/bench.c, no Python). Prints JSON figures; the
targets (>= 10x the peer, within 1.5x of Swift) are reported, not asserted, since the
machine is shared.

How the figures are made honest:
- Same work. Every side lays out the same paragraphs (font, size, width, options
  ``{"mode": "balance"}``) and reads every line's text: ours reads ``Layout.texts``, the
  C side copies each line's bytes into a new string, the peer returns its texts.
- Fresh texts. Every timed set is paragraphs never laid out before in the run
  (``corpus.FreshTexts``): the library keeps a text's segments, so a repeated set would
  be partly served from cache. The Swift side runs in its own process (bench.c,
  driven over a pipe) that is handed every set the Python process's library sees, in
  the same order, timed or not: both libraries hold the same caches when a set is
  timed, and "swift" lays out exactly the texts "python" did.
- Interleaved rounds in one run. Each round times python, swift, batch, swift batch and
  the peer on new sets, the order of python and swift (and of the batches) alternating
  by round and the peer's place rotating, so a burst of load from other processes
  falls on every figure alike; figures are medians over the rounds.
- Ratios are paired: each is the median over the rounds of that round's own ratio (both
  sides timed back to back in one round, the same set where the sides share one), not
  the ratio of two medians, which may come from rounds under different load (on this
  shared machine one run gave 1.55 for python/swift as a ratio of medians and 1.29 as
  the median of its rounds' ratios, another 1.11 against 1.26). The ratio of medians
  is kept as ``...OfMedians`` for comparison with earlier runs; the targets use the
  paired figure.
- Thread CPU time (``time.thread_time_ns``, CLOCK_THREAD_CPUTIME_ID in bench.c): every
  figure is single-threaded work, and on the shared 2-core machine wall time mostly
  measures the other processes. The two-thread figures are wall time (they measure
  parallelism): ``twoThreadSpeedup`` (two threads calling ``balance`` per paragraph,
  against one thread's CPU time) and ``twoThreadBatchSpeedup`` (two threads each making
  one ``balance_many`` call for half a set, against one thread's call for a whole set,
  both wall time, back to back in each round). The first is bounded by the GIL, which
  every call takes back on return; the second takes it once per call.
- The peer is written as a competent Python engineer would: one shaping call, word
  widths from prefix sums of the cluster advances, and each greedy probe finding its
  line ends with ``bisect`` (C) rather than a Python loop over the words, stopping once
  it has more lines than the target.
- What 10x leaves for a paragraph: ``pythonOneLetterNsPerParagraph`` times the same calls
  with the text "a" (the Python side, ctypes and the library's fixed work per layout,
  which no paragraph avoids), in every round on the rows python and the peer lay out.
  ``peerOverPythonOneLetter`` is the ceiling of peerOverPython (every paragraph as cheap
  as that call); ``paragraphWorkNs`` is what a paragraph costs beyond it now, and
  ``paragraphWorkAt10xNs`` what it may cost at 10x the peer.
  ``peerSimpleNsPerParagraph`` is the earlier, plainer peer (a Python loop per
  character and per word and probe), timed in a few rounds for comparison; both give
  the same lines.

    python benchmarks/bench_peers.py --bench-binary PATH [--paragraphs 1000] [--rounds 15] [--warm-sets 10]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import itertools
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time
from bisect import bisect_right
from typing import Callable, Dict, List, Sequence, Tuple

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from corpus import FreshTexts  # noqa: E402

import howdytext  # noqa: E402

FONTS_DIR = pathlib.Path(__file__).resolve().parents[3] / "Fonts"
WORD = re.compile(r"[^ ]+")


class PeerFont:
    """A HarfBuzz font at `size` px through uharfbuzz, positions in 26.6."""

    def __init__(self, name: str, size: float) -> None:
        import uharfbuzz as hb

        path = next(FONTS_DIR.glob(name + ".*"))
        self.hb = hb
        self.font = hb.Font(hb.Face(hb.Blob.from_file_path(str(path))))
        self.font.scale = (round(size * 64), round(size * 64))


def peer_balance(text: str, font: PeerFont, width: float) -> List[str]:
    """The pure-Python way: shape once with uharfbuzz, break at spaces, bisect the width
    (in 1/64 px) for the narrowest that keeps greedy's line count. Word and line widths
    come from prefix sums of the cluster advances; a greedy probe finds each line's last
    word with bisect (a C call per line, not a loop over the words) and stops as soon as
    it has more lines than it may."""
    hb = font.hb
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(font.font, buffer, {})
    advances = [0] * len(text)
    for info, position in zip(buffer.glyph_infos, buffer.glyph_positions):
        advances[info.cluster] += position.x_advance
    before = [0, *itertools.accumulate(advances)]  # before[i]: width of text[:i]
    spans = [match.span() for match in WORD.finditer(text)]
    if not spans:
        return []
    starts = [before[start] for start, _ in spans]  # width before each word
    ends = [before[end] for _, end in spans]  # width through each word

    count = len(spans)

    def fits(limit: int, most: int) -> bool:
        """Whether greedy lines at `limit` (1/64 px) number at most `most`; stops counting
        past it."""
        first, lines = 0, 1
        while True:
            # The last word whose end is within `limit` of the line's start (at least one word).
            last = bisect_right(ends, starts[first] + limit, first) - 1
            if last < first:
                last = first
            if last + 1 >= count:
                return True
            lines += 1
            if lines > most:
                return False
            first = last + 1

    def cuts(limit: int) -> List[int]:
        """Index of each line's first word, and the word count, at `limit`."""
        found, first = [0], 0
        while True:
            last = bisect_right(ends, starts[first] + limit, first) - 1
            if last < first:
                last = first
            first = last + 1
            found.append(first)
            if first >= count:
                return found

    limit = int(width * 64)
    target = len(cuts(limit)) - 1
    failing, passing = 0, limit
    while passing - failing > 1:
        middle = (failing + passing) // 2
        if fits(middle, target):
            passing = middle
        else:
            failing = middle
    found = cuts(passing)
    return [text[spans[a][0]:spans[b - 1][1]] for a, b in zip(found, found[1:])]


def peer_simple(text: str, font: PeerFont, width: float) -> List[str]:
    """The plainer peer: the same shaping and bisection, with a Python loop over the
    characters for word widths and one over the words in every greedy probe."""
    hb = font.hb
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(font.font, buffer, {})
    advances = [0] * (len(text) + 1)
    for info, position in zip(buffer.glyph_infos, buffer.glyph_positions):
        advances[info.cluster] += position.x_advance
    words: List[int] = []
    spaces: List[int] = []
    starts: List[int] = []
    current = 0
    in_word = False
    for index, character in enumerate(text):
        if character == " ":
            if in_word:
                words.append(current)
                spaces.append(0)
                current = 0
                in_word = False
            if spaces:
                spaces[-1] += advances[index]
        else:
            if not in_word:
                starts.append(index)
                in_word = True
            current += advances[index]
    if in_word:
        words.append(current)

    def greedy(limit: int) -> List[int]:
        breaks = []
        line = words[0]
        for i in range(1, len(words)):
            candidate = line + spaces[i - 1] + words[i]
            if candidate <= limit:
                line = candidate
            else:
                breaks.append(i)
                line = words[i]
        return breaks

    limit = int(width * 64)
    target = len(greedy(limit))
    failing, passing = 0, limit
    while passing - failing > 1:
        middle = (failing + passing) // 2
        if len(greedy(middle)) <= target:
            passing = middle
        else:
            failing = middle
    cuts = [0] + greedy(passing) + [len(words)]
    return [text[starts[a]: starts[b] - 1].rstrip() if b < len(words) else text[starts[a]:].rstrip()
            for a, b in zip(cuts, cuts[1:])]


def peer_reshaping(text: str, font: PeerFont, width: float) -> int:
    """The naive peer: the same bisection, but every probe shapes the text again (what a
    measure-per-try loop over a shaping call does). Returns the narrowest width in 1/64 px."""
    hb = font.hb

    def lines_at(limit: int) -> int:
        buffer = hb.Buffer()
        buffer.add_str(text)
        buffer.guess_segment_properties()
        hb.shape(font.font, buffer, {})
        advances = [0] * (len(text) + 1)
        for info, position in zip(buffer.glyph_infos, buffer.glyph_positions):
            advances[info.cluster] += position.x_advance
        count, line, pending_space, word = 1, 0, 0, 0
        for index, character in enumerate(text + " "):
            if character != " ":
                word += advances[index]
                continue
            if word:
                if line and line + pending_space + word > limit:
                    count, line = count + 1, word
                else:
                    line = line + pending_space + word if line else word
                pending_space, word = 0, 0
            pending_space += advances[index] if index < len(text) else 0
        return count

    limit = int(width * 64)
    target = lines_at(limit)
    failing, passing = 0, limit
    while passing - failing > 1:
        middle = (failing + passing) // 2
        if lines_at(middle) <= target:
            passing = middle
        else:
            failing = middle
    return passing


def timed(function: Callable[[], None]) -> float:
    """CPU time of this thread running `function`, in ns."""
    start = time.thread_time_ns()
    function()
    return time.thread_time_ns() - start


def wall(function: Callable[[], None]) -> float:
    start = time.perf_counter_ns()
    function()
    return time.perf_counter_ns() - start


class SwiftSide:
    """bench.c in its own process: handed every set this process's library lays out, in
    the same order, and timing the ones asked for (thread CPU ns per paragraph)."""

    def __init__(self, binary: str, folder: str) -> None:
        self.process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.folder = folder
        self.sets = 0

    def run(self, mode: str, rows: Sequence[Row]) -> float:
        """`mode` ("style", "batch" or "untimed") over `rows`."""
        self.sets += 1
        path = os.path.join(self.folder, f"set{self.sets}.tsv")
        with open(path, "w", encoding="utf-8") as tsv:
            for text, font, size, width, _ in rows:
                assert "\t" not in text and "\n" not in text
                tsv.write(f"{font}\t{size!r}\t{width!r}\t{text}\n")
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{mode} {path}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        os.unlink(path)
        if not answer:
            raise RuntimeError(f"bench.c ended on {mode} (exit {self.process.wait()})")
        return float(answer)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        if self.process.wait() != 0:
            raise RuntimeError(f"bench.c exited {self.process.returncode}")


# A paragraph as the timed loops take it: text, font, size, width, and the peer's font.
Row = Tuple[str, str, float, float, PeerFont]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bench-binary", required=True, help="bindings/c/tests/bench.c built against the library")
    parser.add_argument("--paragraphs", type=int, default=1000, help="paragraphs per timed set")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seed", type=int, default=2312)
    parser.add_argument("--warm-sets", type=int, default=10, help="untimed sets laid out before the rounds")
    arguments = parser.parse_args()
    count = arguments.paragraphs
    fresh = FreshTexts(arguments.seed)
    peer_fonts: Dict[Tuple[str, float], PeerFont] = {}

    def new_set() -> List[Row]:
        rows = []
        for record in fresh.records(count):
            key = (record["font"], record["size"])
            if key not in peer_fonts:
                peer_fonts[key] = PeerFont(*key)
            rows.append((record["text"], record["font"], record["size"], record["width"], peer_fonts[key]))
        return rows

    balance, balance_many = howdytext.balance, howdytext.balance_many

    def ours(rows: List[Row]) -> Callable[[], None]:
        def run() -> None:
            for text, font, size, width, _ in rows:
                balance(text, font=font, size=size, width=width).texts
        return run

    def ours_one_letter(rows: List[Row]) -> Callable[[], None]:
        """The same calls with the text "a": what a call costs whatever its paragraph (the
        Python side, ctypes, the library's fixed work per layout)."""
        def run() -> None:
            for _, font, size, width, _ in rows:
                balance("a", font=font, size=size, width=width).texts
        return run

    def ours_batch(rows: List[Row]) -> Callable[[], None]:
        texts, fonts, sizes, widths = ([row[i] for row in rows] for i in range(4))

        def run() -> None:
            for layout in balance_many(texts, fonts, sizes, widths):
                layout.texts
        return run

    def peer(rows: List[Row], function: Callable[[str, PeerFont, float], object] = peer_balance) -> Callable[[], None]:
        def run() -> None:
            for text, _, _, width, font in rows:
                function(text, font, width)
        return run

    def ours_two_threads(rows: List[Row]) -> Callable[[], None]:
        half = len(rows) // 2

        def run() -> None:
            with concurrent.futures.ThreadPoolExecutor(2) as pool:
                for future in [pool.submit(ours(part)) for part in (rows[:half], rows[half:])]:
                    future.result()
        return run

    def ours_batch_two_threads(rows: List[Row]) -> Callable[[], None]:
        half = len(rows) // 2
        halves = [ours_batch(part) for part in (rows[:half], rows[half:])]

        def run() -> None:
            with concurrent.futures.ThreadPoolExecutor(2) as pool:
                for future in [pool.submit(half) for half in halves]:
                    future.result()
        return run

    names = ["python", "swift", "pythonBatch", "swiftBatch", "peer", "pythonTwoThreads", "peerSimple",
             "peerReshaping", "pythonBatchOneThreadWall", "pythonBatchTwoThreads", "pythonOneLetter"]
    samples: Dict[str, List[float]] = {name: [] for name in names}
    with tempfile.TemporaryDirectory() as folder:
        swift = SwiftSide(arguments.bench_binary, folder)
        try:
            # The first set in new processes: fonts opened, styles made, every word new.
            first = new_set()
            first_figures = {"python": timed(ours(first)) / count, "swift": swift.run("style", first),
                             "peer": timed(peer(first)) / count}
            # Warm: the word shapes of the licenses' vocabulary cached, in both processes
            # alike, as in a process that has balanced a corpus for a while (a run's
            # cost per paragraph falls as its caches fill; the rounds then still drift down
            # a little, alike on both sides).
            for _ in range(arguments.warm_sets):
                warm = new_set()
                ours(warm)()
                swift.run("untimed", warm)
            warm = new_set()
            ours_batch(warm)()
            swift.run("batch", warm)
            for round_index in range(arguments.rounds):
                single, batch, threads = new_set(), new_set(), new_set()
                python_first = round_index % 2 == 0
                peer_at = round_index % 4  # the peer runs before step peer_at of the four below
                steps = [
                    ("python", lambda: timed(ours(single))), ("swift", lambda: swift.run("style", single)),
                    ("pythonBatch", lambda: timed(ours_batch(batch))), ("swiftBatch", lambda: swift.run("batch", batch)),
                ]
                # Python and Swift lay out each set in either order (the caches are the same
                # either way: each has its own process); the batches go opposite to the singles.
                if not python_first:
                    steps[0], steps[1] = steps[1], steps[0]
                else:
                    steps[2], steps[3] = steps[3], steps[2]
                steps.insert(peer_at, ("peer", lambda: timed(peer(single))))
                for name, step in steps:
                    samples[name].append(step())
                # Right after the round's other steps, on the same rows as python and the peer.
                samples["pythonOneLetter"].append(timed(ours_one_letter(single)))
                samples["pythonTwoThreads"].append(wall(ours_two_threads(threads)))
                swift.run("untimed", threads)
                # Batches on one thread and on two, both wall time, back to back on sets of
                # their own: a thread with a batch takes the GIL once per call.
                one_batch, two_batches = new_set(), new_set()
                samples["pythonBatchOneThreadWall"].append(wall(ours_batch(one_batch)))
                samples["pythonBatchTwoThreads"].append(wall(ours_batch_two_threads(two_batches)))
                swift.run("untimed", one_batch)
                swift.run("untimed", two_batches)
                if round_index < 3:  # context only, and 1.5x and 10x the peer's time
                    samples["peerSimple"].append(timed(peer(single, peer_simple)))
                    samples["peerReshaping"].append(timed(peer(single[:count // 10], peer_reshaping)) * 10)
        finally:
            swift.close()
        # The peers agree with each other, and mostly with us (both HarfBuzz; the peer breaks
        # only at spaces and cannot see kerning across them): the shares are reported.
        check = single
        ours_lines = [balance(text, font=font, size=size, width=width).texts for text, font, size, width, _ in check]
        peer_lines = [peer_balance(text, font, width) for text, _, _, width, font in check]
        simple_lines = [peer_simple(text, font, width) for text, _, _, width, font in check]
    for name in names:
        if name != "swift" and name != "swiftBatch":
            samples[name] = [value / count for value in samples[name]]
    median = {name: statistics.median(values) for name, values in samples.items()}
    ratios = [p / s for p, s in zip(samples["python"], samples["swift"])]

    def paired(numerator: str, denominator: str) -> float:
        """The median over the rounds of each round's numerator / denominator."""
        return statistics.median(a / b for a, b in zip(samples[numerator], samples[denominator]))

    peer_over_python, peer_over_batch = paired("peer", "python"), paired("peer", "pythonBatch")
    python_over_swift, batch_over_swift = paired("python", "swift"), paired("pythonBatch", "swift")
    figures = {
        "paragraphs": count,
        "rounds": arguments.rounds,
        "meanWords": round(sum(len(row[0].split()) for row in check) / count, 1),
        "warmParagraphs": (arguments.warm_sets + 1) * count,
        "clock": "thread CPU time (two threads: wall)",
        "texts": "fresh in every set; the Swift side is handed the same sets in the same order",
        "pythonNsPerParagraph": round(median["python"]),
        "pythonBatchNsPerParagraph": round(median["pythonBatch"]),
        "swiftInProcessNsPerParagraph": round(median["swift"]),
        "swiftBatchNsPerParagraph": round(median["swiftBatch"]),
        "pythonOverheadNsPerParagraph": round(median["python"] - median["swift"]),
        "peerNsPerParagraph": round(median["peer"]),
        "peerSimpleNsPerParagraph": round(median["peerSimple"]),
        "peerReshapingNsPerParagraph": round(median["peerReshaping"]),
        "pythonTwoThreadsNsPerParagraph": round(median["pythonTwoThreads"]),
        "ratios": "paired: the median of the rounds' own ratios (OfMedians: the ratio of the medians)",
        "peerOverPython": round(peer_over_python, 2),
        "peerOverPythonBatch": round(peer_over_batch, 2),
        "peerOverSwift": round(paired("peer", "swift"), 2),
        "peerSimpleOverPython": round(paired("peerSimple", "python"), 2),
        # What 10x the peer leaves for a paragraph: a call of the text "a" (same fonts,
        # sizes, widths) is the part of "python" no paragraph can avoid; the ceiling is
        # peerOverPython with every paragraph as cheap as that call.
        "pythonOneLetterNsPerParagraph": round(median["pythonOneLetter"]),
        "peerOverPythonOneLetter": round(paired("peer", "pythonOneLetter"), 2),
        "paragraphWorkNs": round(median["python"] - median["pythonOneLetter"]),
        "paragraphWorkAt10xNs": round(median["peer"] / 10 - median["pythonOneLetter"]),
        "pythonOverSwift": round(python_over_swift, 2),
        "pythonOverSwiftPerRound": {"median": round(statistics.median(ratios), 2), "min": round(min(ratios), 2),
                                    "max": round(max(ratios), 2)},
        "pythonBatchOverSwift": round(batch_over_swift, 2),
        "pythonBatchOverSwiftBatch": round(paired("pythonBatch", "swiftBatch"), 2),
        "peerOverPythonOfMedians": round(median["peer"] / median["python"], 2),
        "pythonOverSwiftOfMedians": round(median["python"] / median["swift"], 2),
        "twoThreadSpeedup": round(median["python"] / median["pythonTwoThreads"], 2),
        "pythonBatchTwoThreadsNsPerParagraph": round(median["pythonBatchTwoThreads"]),
        "twoThreadBatchSpeedup": round(paired("pythonBatchOneThreadWall", "pythonBatchTwoThreads"), 2),
        "firstSetNsPerParagraph": {name: round(value) for name, value in first_figures.items()},
        "peerAgreesOnLines": f"{sum(a == b for a, b in zip(ours_lines, peer_lines))}/{count}",
        "peersAgree": f"{sum(a == b for a, b in zip(peer_lines, simple_lines))}/{count}",
        "targets": {
            "peerOverPythonAtLeast10": peer_over_python >= 10,
            "peerOverPythonBatchAtLeast10": peer_over_batch >= 10,
            "pythonOverSwiftAtMost1.5": python_over_swift <= 1.5,
            "pythonBatchOverSwiftAtMost1.5": batch_over_swift <= 1.5,
        },
    }
    print(json.dumps({"pythonBenchmark": figures}, indent=2))


if __name__ == "__main__":
    main()
