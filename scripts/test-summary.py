#!/usr/bin/env python3
"""Summarises Swift Testing event streams (--event-stream-version 0), one file per test
target: one line per target, every failure in full, and counts for the closing line.

usage: test-summary.py LOGDIR TARGET...
Reads LOGDIR/TARGET.jsonl, LOGDIR/TARGET.log and LOGDIR/TARGET.status; prints
"PASSED FAILED" on the last line of standard output for the caller to add up.
"""
import json
import sys


def summarise(folder, target):
    tests, ended, skipped, issues = {}, {}, set(), {}
    start = end = None
    try:
        records = open(f"{folder}/{target}.jsonl", encoding="utf-8")
    except OSError:
        records = []
    for line in records:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        payload = record.get("payload", {})
        if record.get("kind") == "test":
            if payload.get("kind") == "function":
                tests[payload["id"]] = payload
            continue
        kind, test = payload.get("kind"), payload.get("testID", "")
        instant = payload.get("instant", {}).get("absolute")
        if kind == "runStarted":
            start = instant
        elif kind == "runEnded":
            end = instant
        elif kind == "testEnded":
            ended[test] = payload
        elif kind == "testSkipped":
            skipped.add(test)
        elif kind == "issueRecorded":
            known = payload.get("issue", {}).get("isKnown", False)
            if not known:
                issues.setdefault(test, []).append(payload)
    status = open(f"{folder}/{target}.status").read().strip() if _exists(f"{folder}/{target}.status") else "?"
    failed = sorted(t for t in tests if t in issues)
    passed = [t for t in tests if t in ended and t not in issues and t not in skipped]
    lost = [t for t in tests if t not in ended and t not in skipped and t not in issues]
    seconds = f"{end - start:.1f} s" if start is not None and end is not None else "did not finish"
    mark = "✔" if not failed and not lost and status == "0" else "✘"
    line = f"{mark} {target}: {len(passed)} passed, {len(failed)} failed"
    if skipped:
        line += f", {len(skipped)} skipped"
    print(f"{line} ({seconds})")
    for test in failed:
        info = tests[test]
        print(f"\n  ✘ {info.get('displayName') or info.get('name')} ({test})")
        for issue in issues[test]:
            for message in issue.get("messages", []):
                print("    " + message.get("text", "").replace("\n", "\n    "))
    if status != "0" and not failed:
        # The process died or failed outside a test (a crash, a trap): show its output.
        print(f"\n  the test process exited with status {status}; its last output:")
        try:
            tail = open(f"{folder}/{target}.log", encoding="utf-8", errors="replace").read().splitlines()[-40:]
        except OSError:
            tail = []
        print("\n".join("    " + text for text in tail))
    for test in lost:
        print(f"  ✘ {tests[test].get('displayName') or test}: started but never ended")
    if failed or (status != "0" and not failed):
        print()
    return len(passed), len(failed) + len(lost) + (1 if status != "0" and not failed and not lost else 0)


def _exists(path):
    try:
        open(path).close()
        return True
    except OSError:
        return False


def main():
    folder, targets = sys.argv[1], sys.argv[2:]
    total_passed = total_failed = 0
    for target in targets:
        passed, failed = summarise(folder, target)
        total_passed += passed
        total_failed += failed
    print(total_passed, total_failed)


if __name__ == "__main__":
    main()
