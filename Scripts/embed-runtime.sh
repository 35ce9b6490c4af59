#!/usr/bin/env bash
# Embeds the runtimes (Runtime/Swift, Runtime/TypeScript, Runtime/Kotlin) into the generator: writes
# Runtime/Swift/ConsoleScript.swift from Runtime/JavaScript/console-forward.js and
# Runtime/Kotlin/LegacyScript.kt from Runtime/JavaScript/wvjb-shim.js, then
# Sources/BridgeGenSwift/EmbeddedRuntime.swift, Sources/BridgeGenTypeScript/EmbeddedRuntime.swift
# and Sources/BridgeGenKotlin/EmbeddedRuntime.swift
# with RuntimeEmbedder. Run after editing a runtime file (Scripts/generate.sh runs it);
# RuntimeEmbeddingTests and RuntimeSourceTests fail while they are stale. See Runtime/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product RuntimeEmbedder >/dev/null
embedder="$(swift build --show-bin-path)/RuntimeEmbedder"
# The page scripts first: each becomes a Swift runtime file, embedded with the others below.
"$embedder" --javascript Runtime/Swift/ConsoleScript.swift BridgeConsoleScript Runtime/JavaScript/console-forward.js
"$embedder" --javascript Runtime/Kotlin/ConsoleScript.kt BridgeConsoleScript Runtime/JavaScript/console-forward.js
"$embedder" --javascript Runtime/Kotlin/LegacyScript.kt BridgeLegacyScript Runtime/JavaScript/wvjb-shim.js
shopt -s nullglob
swift_files=(Runtime/Swift/*.swift)
ts_files=()
for f in Runtime/TypeScript/*.ts; do [[ "$f" == *.d.ts ]] || ts_files+=("$f"); done
"$embedder" Sources/BridgeGenSwift/EmbeddedRuntime.swift "${swift_files[@]}"
"$embedder" Sources/BridgeGenTypeScript/EmbeddedRuntime.swift "${ts_files[@]}"
"$embedder" Sources/BridgeGenKotlin/EmbeddedRuntime.swift Runtime/Kotlin/*.kt
