#!/bin/sh
# Builds the test host: build-host.sh reply|callback OUTPUT [SCRATCH]
set -eu
transport=$1
output=$2
scratch=${3:-/tmp/build-swift}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build --package-path "$root" --scratch-path "$scratch" --product bridgegen >/dev/null
"$scratch/debug/bridgegen" generate "$root/Schemas" --transport "$transport" --swift-out "$work/gen"
swiftc -swift-version 6 "$work"/gen/*.swift "$here"/*.swift -o "$output"
