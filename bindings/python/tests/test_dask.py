"""The Dask example on a distributed LocalCluster with two worker processes: 20,000
paragraphs balanced there equal one single-process run, id for id. Paragraphs per
second for one worker and for two are written to $HOWDYTEXT_FIGURES (JSON) when set."""

from __future__ import annotations

import json
import os
import pathlib
import statistics
import sys
import time

import pytest

pytest.importorskip("dask.bag")
distributed = pytest.importorskip("dask.distributed")

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "examples"))
from corpus import records  # noqa: E402
from dask_corpus import balance_corpus, balance_jsonl, balance_records  # noqa: E402

PARAGRAPHS = 20_000


def write_figures(figures: dict) -> None:
    path = os.environ.get("HOWDYTEXT_FIGURES")
    if not path:
        return
    existing = json.loads(pathlib.Path(path).read_text()) if pathlib.Path(path).exists() else {}
    existing.update(figures)
    pathlib.Path(path).write_text(json.dumps(existing, indent=2) + "\n")


def test_dask_cluster_equals_one_process(tmp_path: pathlib.Path) -> None:
    corpus = records(PARAGRAPHS, max_words=12)
    source = tmp_path / "corpus.jsonl"
    source.write_text("".join(json.dumps(record) + "\n" for record in corpus), encoding="utf-8")

    local = {record["id"]: record for record in balance_records(corpus)}
    # The single-process figure does a worker's work: parse, balance, write JSON lines.
    start = time.perf_counter()
    single = balance_jsonl(source.read_text(encoding="utf-8").splitlines())
    single_seconds = time.perf_counter() - start
    assert {record["id"]: record for record in map(json.loads, single[0].splitlines())} == local
    assert len(local) == PARAGRAPHS and not any("error" in record for record in local.values())
    assert len({record["width"] for record in local.values()}) > 100  # the corpus varies

    rates = {}
    for workers in (1, 2):
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                           dashboard_address=None)
        with distributed.Client(cluster) as client:
            # Each worker opens its fonts and loads the library before the clock starts.
            balance_corpus(client, str(source), 2 * workers)
            # The median of three runs: one run is under a second, and the machine is shared.
            seconds = []
            for _ in range(3):
                start = time.perf_counter()
                lines = balance_corpus(client, str(source), 8).splitlines()
                seconds.append(time.perf_counter() - start)
            rates[workers] = PARAGRAPHS / statistics.median(seconds)
        cluster.close()
        results = [json.loads(line) for line in lines]
        joined = {record["id"]: record for record in results}
        assert len(results) == PARAGRAPHS and joined.keys() == local.keys()
        differing = [key for key in local if joined[key] != local[key]]
        assert differing == [], f"{len(differing)} ids differ, first {differing[:3]}"

    write_figures({"dask": {
        "paragraphs": PARAGRAPHS,
        "singleProcessParagraphsPerSecond": round(PARAGRAPHS / single_seconds),
        "oneWorkerParagraphsPerSecond": round(rates[1]),
        "twoWorkersParagraphsPerSecond": round(rates[2]),
        "twoOverOne": round(rates[2] / rates[1], 2),
    }})


def test_a_refused_record_keeps_its_id_and_the_others_go_on() -> None:
    lines = [json.dumps({"id": 1, "text": "Get reminders for every plan you make", "font": "Inter-Bold", "size": 28,
                         "width": 330}),
             json.dumps({"id": 2, "text": "Too narrow", "font": "Inter-Bold", "size": 28, "width": -5}),
             json.dumps({"id": 3, "text": "No such font", "font": "No Such Family 42", "size": 28, "width": 330}),
             json.dumps({"id": 4, "text": "Turn on notifications", "font": "Inter-Regular", "size": 17, "width": 100,
                         "mode": "greedy"})]
    results = [json.loads(line) for line in balance_jsonl(lines)[0].splitlines()]
    assert [result["id"] for result in results] == [1, 2, 3, 4]
    assert results[0]["lines"] == ["Get reminders for", "every plan you make"]
    assert "width" in results[1]["error"] and "lines" not in results[1]
    assert "No Such Family 42" in results[2]["error"]
    assert results[3]["lines"] == ["Turn on", "notifications"]
