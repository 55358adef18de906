#!/usr/bin/env bash
# Checks `howdy schema` with a real validator (Python's jsonschema, Draft 2020-12, in a venv
# under .build/ made on first use): the schema is valid, docs/flow-spec.schema.json is its
# current output, every Example names it in "$schema" and validates, and a misspelt key
# fails validation as it fails the strict reader.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/schema-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import jsonschema' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'jsonschema>=4.18'
fi
howdy="$(swift build --show-bin-path)/howdy"
[ -x "$howdy" ] || swift build --product howdy >&2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$howdy" schema >"$scratch/schema.json"
cmp -s "$scratch/schema.json" docs/flow-spec.schema.json ||
    { echo "docs/flow-spec.schema.json is stale: run '$howdy schema > docs/flow-spec.schema.json'"; exit 1; }
# The strict reader refuses the typo the schema must refuse too.
python3 - Examples/plain.json "$scratch/typo.json" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
spec["steps"][0]["titel"] = spec["steps"][0].pop("title")
json.dump(spec, open(sys.argv[2], "w"))
PY
if "$howdy" lint "$scratch/typo.json" >/dev/null 2>&1; then echo "the reader accepted a misspelt key"; exit 1; fi
"$venv/bin/python" - "$scratch/schema.json" "$scratch/typo.json" Examples/*.json <<'PY'
import json, sys
from jsonschema import Draft202012Validator

schema = json.load(open(sys.argv[1]))
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)
problems = []
typo = list(validator.iter_errors(json.load(open(sys.argv[2]))))
if not typo:
    problems.append("a step with 'titel' for 'title' validated")
for path in sys.argv[3:]:
    spec = json.load(open(path))
    if spec.get("$schema") != "../docs/flow-spec.schema.json":
        problems.append(f"{path}: no \"$schema\": \"../docs/flow-spec.schema.json\"")
    for error in validator.iter_errors(spec):
        location = "/".join(str(part) for part in error.absolute_path) or "(root)"
        problems.append(f"{path}: {location}: {error.message}")
if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"{len(sys.argv) - 3} Examples valid against the schema; the typo is refused")
PY
