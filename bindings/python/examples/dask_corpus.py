"""Balances a corpus of titles with Dask: JSON lines with id, text, font, size, width in,
JSON lines with id, lines, widths and width out.

    python examples/dask_corpus.py corpus.jsonl balanced/ --workers 2
    python examples/dask_corpus.py corpus.jsonl balanced/ --scheduler tcp://scheduler:8786

With ``--scheduler`` the same code runs on a real cluster; every worker needs
libhowdytext.so (scripts/install-libhowdytext.sh) and this package installed.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, Dict, Iterable, List


def balance_records(records: Iterable[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """One partition: every record balanced in this worker process (fonts opened once per
    process by howdytext's cache). A record the library refuses gets an ``error``."""
    import howdytext

    out = []
    for record in records:
        try:
            result = howdytext.balance(record["text"], font=record["font"], size=record["size"], width=record["width"],
                                       mode=record.get("mode", "balance"))
        except howdytext.HowdyTextError as error:
            out.append({"id": record["id"], "error": str(error)})
            continue
        out.append({"id": record["id"], "lines": result.texts, "widths": result.widths, "width": result.width})
    return out


def balance_corpus(client: Any, source: str, partitions: int) -> List[Dict[str, Any]]:
    """The whole corpus balanced on ``client``'s cluster, as a list of result records."""
    import dask.bag as db

    bag = db.read_text(source, blocksize=None).repartition(partitions).map(json.loads)
    return bag.map_partitions(balance_records).compute(scheduler=client.get)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", help="JSON lines: id, text, font, size, width")
    parser.add_argument("output", help="file to write the results to (JSON lines)")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster workers (default 2)")
    parser.add_argument("--scheduler", help="address of a running scheduler, e.g. tcp://scheduler:8786")
    parser.add_argument("--partitions", type=int, default=8)
    arguments = parser.parse_args()

    from dask.distributed import Client, LocalCluster

    if arguments.scheduler:
        client = Client(arguments.scheduler)
    else:
        client = Client(LocalCluster(n_workers=arguments.workers, threads_per_worker=1, processes=True))
    with client:
        start = time.perf_counter()
        results = balance_corpus(client, arguments.corpus, arguments.partitions)
        elapsed = time.perf_counter() - start
    with open(arguments.output, "w", encoding="utf-8") as output:
        for record in sorted(results, key=lambda record: record["id"]):
            output.write(json.dumps(record, ensure_ascii=False) + "\n")
    print(json.dumps({"paragraphs": len(results), "seconds": round(elapsed, 3),
                      "paragraphsPerSecond": round(len(results) / elapsed)}))


if __name__ == "__main__":
    main()
