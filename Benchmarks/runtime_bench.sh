#!/usr/bin/env bash
# Measures the generated Swift runtime (docs/WIRE.md, Limits): decoding time by nesting depth
# and body size, and answer/event script building by size, one case per process (peak memory).
# usage: Benchmarks/runtime_bench.sh [-Onone]   (default -O, as apps ship)
# BRIDGEGEN=path generates with that bridgegen (e.g. a copy built at main) instead of the current one;
# `dispatch N` compares the generated dispatcher with a hand-written one in the same run; `bytes N`
# a round trip of N bytes (IDL bytes, base64 on the wire) with one of a string as long as their base64;
# `collections N` the runtime's composed list and map coders (what generated codecs pass) with closure literals;
# `flood-* BYTES`, `keys BYTES` and `worst* 0` one message of many small values (docs/WIRE.md, Limits): the CPU
# time `receive` blocks and the peak memory it adds, as a ratio to the message's size (Linux: /proc/self/clear_refs).
set -euo pipefail
cd "$(dirname "$0")/.."
opt=${1:--O}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bridgegen=${BRIDGEGEN:-.build/debug/bridgegen}
[ -n "${BRIDGEGEN:-}" ] || swift build --product bridgegen >/dev/null
"$bridgegen" generate Schemas --swift-out "$work/gen" --no-cache >/dev/null
swiftc "$opt" -swift-version 6 "$work"/gen/*.swift Tests/BridgeGenSwiftTests/Fixtures/Host/TestHandlers.swift Tests/BridgeGenSwiftTests/Fixtures/Host/HostCodecs.swift \
  Benchmarks/RuntimeBench/main.swift -o "$work/bench"
for c in "depth-reply 125" "depth-reply 1000" "depth-reply 5000" "depth-callback 125" "depth-callback 5000" \
         "wide-reply 1000000" "wide-reply 10000000" "wide-callback 1000000" "wide-callback 10000000" \
         "answer 1000000" "answer 10000000" "answer 50000000" "event 10000000" "dispatch 100000" \
         "bytes 1000000" "bytes 10000000" "collections 100000" \
         "flood-ignored 16500000" "flood-any 16500000" "keys 16500000" "worst 0" "worst-keys 0" "worst-text 0"; do
  "$work/bench" $c
done
