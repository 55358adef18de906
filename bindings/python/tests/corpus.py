"""A corpus of real prose nobody here wrote: titles and short paragraphs cut from
Debian's license texts (/usr/share/common-licenses), with fonts, sizes and widths
varied deterministically. Falls back to the case files' texts when those are absent."""

from __future__ import annotations

import pathlib
import random
import re
from typing import Dict, List, Set

from conftest import load_cases

SOURCES = ["GPL-3", "Apache-2.0", "GFDL-1.3", "Artistic", "LGPL-2.1"]
FONTS = [("Inter-Bold", 28.0, 330.0), ("Inter-Regular", 17.0, 320.0), ("Inter-SemiBold", 22.0, 280.0),
         ("Inter-Medium", 15.0, 360.0)]


def sentences() -> List[str]:
    """Sentences of 4 to 40 words, in file order."""
    found: List[str] = []
    for name in SOURCES:
        path = pathlib.Path("/usr/share/common-licenses") / name
        if not path.exists():
            continue
        text = re.sub(r"\s+", " ", path.read_text(encoding="utf-8", errors="replace"))
        for sentence in re.split(r"(?<=[.;:])\s+", text):
            words = sentence.split()
            if 4 <= len(words) <= 40:
                found.append(" ".join(words))
    if not found:
        found = [case["text"] for case in load_cases()]
    return found


def records(count: int, max_words: int = 40) -> List[Dict[str, object]]:
    """`count` requests with ids 0..count-1: text, font, size, width."""
    texts = [s for s in sentences() if len(s.split()) <= max_words]
    out: List[Dict[str, object]] = []
    for index in range(count):
        text = texts[index % len(texts)]
        # Past one pass over the sentences, start later in the sentence so texts differ.
        cut = (index // len(texts)) % 3
        words = text.split()
        if len(words) > cut + 3:
            text = " ".join(words[cut:])
        font, size, width = FONTS[index % len(FONTS)]
        out.append({"id": index, "text": text, "font": font, "size": size, "width": width})
    return out


class FreshTexts:
    """Paragraphs never handed out before by this generator, for benchmarks: a text laid
    out twice is served partly from the library's caches (its segments), which no
    caller balancing a corpus gets, so every timed set is new. Each text is a run of
    words of the licenses above (real prose, cut anywhere), as long as a sentence of
    theirs picked at random (4 to 40 words, so the mean matches ``records``), in one of
    ``FONTS`` at its width scaled by 0.8 to 1.2 in quarter px. Seeded: the same seed
    gives the same texts."""

    def __init__(self, seed: int = 2312) -> None:
        found = sentences()
        self.words = " ".join(found).split()
        self.lengths = [len(sentence.split()) for sentence in found]
        self.random = random.Random(seed)
        self.seen: Set[str] = set()

    def records(self, count: int) -> List[Dict[str, object]]:
        """`count` new requests: text, font, size, width (ids from 0)."""
        out: List[Dict[str, object]] = []
        pick = self.random
        while len(out) < count:
            length = pick.choice(self.lengths)
            start = pick.randrange(len(self.words) - length)
            text = " ".join(self.words[start:start + length])
            if text in self.seen:
                continue
            self.seen.add(text)
            font, size, width = FONTS[pick.randrange(len(FONTS))]
            out.append({"id": len(out), "text": text, "font": font, "size": size,
                        "width": round(width * pick.uniform(0.8, 1.2) * 4) / 4})
        return out
