#!/usr/bin/env bash
# Runs every bridgegen test: installs what is missing, builds, then `swift test`, whose test
# targets drive the real libyaml, swiftc (Swift 6 and 5 modes), tsc, node and WebKitGTK.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh test
swift build --build-tests
swift test --skip-build
