#!/usr/bin/env bash
# Embeds each target's runtime (Runtime/<Target>, as its embedding.json says) into the generator:
# RuntimeEmbedder writes the Swift file the description names (Sources/<Module>/EmbeddedRuntime.swift),
# the runtime files' text and the page scripts' (Runtime/JavaScript) the runtime prints as constants.
# Run after editing a runtime file (Scripts/generate.sh runs it); the embedding tests fail while
# an embedded file is stale. See Runtime/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product RuntimeEmbedder >/dev/null
embedder="$(swift build --show-bin-path)/RuntimeEmbedder"
for description in Runtime/*/embedding.json; do
  "$embedder" "$description"
done
