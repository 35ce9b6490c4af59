#!/usr/bin/env bash
# Installs what building and testing bridgegen needs on Debian/Ubuntu, only when missing.
# Swift itself is expected on PATH (swift.org toolchain). Safe to run repeatedly.
set -euo pipefail

packages=(
  pkg-config libyaml-dev          # the YAML front end (system library target CYAML)
  strace                          # kills and fails the real CLI at each step of its commit (CommitCrashTests)
  git                             # diff --against reads old schemas with git (GitTreeTests, DiffCommandTests)
  nodejs node-typescript          # tsc --strict and node --test for the generated web client
  python3 python3-yaml python3-jsonschema python3-markdown-it   # docs and editor-schema checks
  xvfb xauth python3-gi gir1.2-gtk-4.0 gir1.2-webkit-6.0         # WebKitGTK end-to-end runs
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "bridgegen: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  # With recommends: xvfb-run needs xauth, and WebKitGTK renders with Mesa's drivers and fonts
  # that are only recommended.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

command -v swift >/dev/null || { echo "bridgegen: swift is not on PATH; install a Swift 6 toolchain from swift.org" >&2; exit 1; }
