"""Shared fixtures: the repository, the `howdy` binary to compare with, and the case files."""

from __future__ import annotations

import os
import pathlib
import shutil
from typing import Dict, List

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[3]
CASES = REPOSITORY / "Tests" / "HowdyTextTests" / "Cases"


def howdy_binary() -> str:
    """`$HOWDY_BIN`, else the debug build, else `howdy` on PATH."""
    explicit = os.environ.get("HOWDY_BIN")
    if explicit:
        return explicit
    built = REPOSITORY / ".build" / "debug" / "howdy"
    if built.exists():
        return str(built)
    found = shutil.which("howdy")
    if not found:
        pytest.skip("no howdy binary: set HOWDY_BIN")
    return found


def load_cases() -> List[Dict[str, str]]:
    """Every case in Tests/HowdyTextTests/Cases/*.case: its fields (font, size, width, mode,
    locale, hyphens, text) and its name, read as CaseFileTests reads them."""
    cases: List[Dict[str, str]] = []
    for path in sorted(CASES.glob("*.case")):
        current = None
        for line in path.read_text(encoding="utf-8").split("\n"):
            if line.startswith("#") or not line.strip():
                continue
            if line.startswith("== "):
                if current is not None:
                    cases.append(current)
                current = {"name": f"{path.name}: {line[3:]}"}
            elif line.startswith(">"):
                continue
            elif ":" in line and current is not None:
                key, value = line.split(":", 1)
                current[key] = value.strip()
        if current is not None:
            cases.append(current)
    return cases
