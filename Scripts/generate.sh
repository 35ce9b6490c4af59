#!/usr/bin/env bash
# The main job: embed the runtimes, check Schemas/ and regenerate Generated/ (Swift, TypeScript, Markdown).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh generate   # libyaml-dev and pkg-config only: no node, TypeScript or WebKitGTK
Scripts/embed-runtime.sh
swift build --product bridgegen
exec .build/debug/bridgegen generate Schemas \
  --swift-out Generated/Swift --ts-out Generated/TypeScript --docs-out Generated/Docs "$@"
