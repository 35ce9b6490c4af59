#!/usr/bin/env bash
# The main job: embed the runtimes, check Schemas/ and regenerate Generated/ (Swift, Kotlin, ArkTS, TypeScript, Markdown).
# Ends with one line saying what changed under Generated/ (bridgegen itself stays quiet when it succeeds).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh generate   # libyaml-dev and pkg-config only: no node, TypeScript or WebKitGTK
Scripts/embed-runtime.sh
swift build --product bridgegen

# Content hashes before and after: bridgegen rewrites a file only when its bytes change.
snapshot() { find Generated -type f ! -name .bridgegen-manifest -print0 | sort -z | xargs -0 -r sha256sum; }
before=$(snapshot)
status=0
.build/debug/bridgegen generate Schemas --out Generated "$@" || status=$?
[ "$status" -eq 0 ] || exit "$status"
after=$(snapshot)
changes=$(awk '
  FILENAME == ARGV[1] { old[$2] = $1; next }
  !($2 in old) { printf "  %-9s %s\n", "written", $2; next }
  old[$2] != $1 { printf "  %-9s %s\n", "rewritten", $2 }
  { delete old[$2] }
  END { for (path in old) printf "  %-9s %s\n", "removed", path }
' <(printf '%s\n' "$before" | sed '/^$/d') <(printf '%s\n' "$after" | sed '/^$/d') | sort -k2)
total=$(printf '%s\n' "$after" | sed '/^$/d' | wc -l)
if [ -z "$changes" ]; then
  echo "generate.sh: Generated/ is up to date ($total files)"
else
  echo "generate.sh: $(printf '%s\n' "$changes" | wc -l) of $total files under Generated/ changed:"
  printf '%s\n' "$changes"
fi
