#!/bin/sh
# Writes CASE/changes.diff: how the full versions OLD and NEW (folders of *.bridge.yaml and an
# optional bridgegen.yaml) differ from base/. Run from this folder:
#   ./write-changes.sh my-case /tmp/my-case/old /tmp/my-case/new
# A file base/ has but a version lacks shows as emptied, one only a version has as added
# (`diff -N`); SchemaDiffGoldenTests applies the diff back exactly (EvolutionFixtures.swift).
set -eu
[ $# -eq 3 ] || { echo "usage: $0 CASE OLD NEW" >&2; exit 2; }
case=$1; here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$here/$case"
out="$here/$case/changes.diff"; : > "$out"
for side in old new; do
    if [ $side = old ]; then dir=$2; else dir=$3; fi
    names=$( (ls "$here/base"; ls "$dir") | sort -u)
    for name in $names; do
        # diff exits 1 when the files differ; only 2 is trouble.
        diff -uN --label "base/$name" --label "$side/$name" "$here/base/$name" "$dir/$name" >> "$out" || [ $? -eq 1 ]
    done
done
[ -s "$out" ] || echo "warning: $case: both versions are base/ itself" >&2
