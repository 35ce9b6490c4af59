#!/usr/bin/env bash
# Installs what building bridgegen needs on Debian/Ubuntu, only when missing. Safe to run repeatedly.
#
#   Scripts/install-deps.sh generate   what building the CLI and generating need (generate.sh)
#   Scripts/install-deps.sh release    that plus what packaging a release needs (release.sh)
#   Scripts/install-deps.sh [test]     all of that plus everything the tests drive (test.sh; the default)
#
# Swift itself is expected on PATH (swift.org toolchain).
set -euo pipefail

# Building: the package's system-library target links the system libyaml, found through pkg-config.
generate_packages=(
  pkg-config libyaml-dev          # the YAML front end (system library target CYAML)
)
# Releasing: the tarball's binary is stripped and its NEEDED list read; the bundle is a zip.
release_packages=(
  binutils zip                    # strip, readelf (release.sh); the artifact bundle's zip
)
# Testing: the real tools the test targets run against the generated code.
test_packages=(
  strace                          # kills and fails the real CLI at each step of its commit (CommitCrashTests)
  curl                            # the web team's one-line install, from a file:// URL (WebTeamInstallTests)
  git                             # diff --against reads old schemas with git (GitTreeTests, DiffCommandTests)
  nodejs node-typescript          # tsc --strict and node --test for the generated web client
  node-commander                  # the ArkTS checker the ArkTS tests run, where it is installed
  python3 python3-yaml python3-jsonschema python3-markdown-it   # docs and editor-schema checks
  xvfb xauth python3-gi gir1.2-gtk-4.0 gir1.2-webkit-6.0         # WebKitGTK end-to-end runs
  neovim                          # a real editor's LSP client against bridgegen lsp (LanguageServerTests)
  default-jdk-headless libandroid-json-java   # the JVM and Android's own org.json for the Kotlin runtime's tests
  chromium                        # Android's WebView engine, for the Android side's browser run (playwright drives it)
)
# Testing, without their recommends (compilers' headers only): the WebKitGTK harness's web
# process extension, which tells it which frame posted a message, is built against these
# (Tests/BridgeGenEndToEndTests/Harness/frames_extension.c); the C compiler is the clang of the
# Swift toolchain when there is no cc. About 70 packages, 23 s on the 2-core VM.
test_header_packages=(
  libwebkitgtk-6.0-dev
)
# Testing, from the Python package index: the LSP client library the server's tests drive
# (pytest-lsp on pygls), pinned so a new release cannot change what the tests mean.
test_pip_packages=(pytest-lsp==1.0.1 pygls==2.1.1)
# Playwright's Python client drives Debian's chromium (no browser download), pinned likewise.
playwright_pip_package=playwright==1.65.2
# A Kotlin 2 compiler (Debian's kotlin is 1.3, too old for coroutines' metadata): the JetBrains
# compiler bundled in this pip package, a development build, so pinned exactly (Scripts/kotlin.py).
kotlin_pip_package=kotlin-jupyter-kernel==0.19.0.944

profile="${1:-test}"
case "$profile" in
  generate) packages=("${generate_packages[@]}") ;;
  release) packages=("${generate_packages[@]}" "${release_packages[@]}") ;;
  test) packages=("${generate_packages[@]}" "${release_packages[@]}" "${test_packages[@]}") ;;
  *)
    echo "bridgegen: unknown profile '$profile'; usage: Scripts/install-deps.sh [generate|release|test]" >&2
    exit 2
    ;;
esac

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
done
missing_headers=()
if [ "$profile" = test ]; then
  for p in "${test_header_packages[@]}"; do
    installed "$p" || missing_headers+=("$p")
  done
fi

if ((${#missing[@]} + ${#missing_headers[@]})); then
  all=("${missing[@]}" "${missing_headers[@]}")
  echo "bridgegen: installing ${all[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  # With recommends: xvfb-run needs xauth, and WebKitGTK renders with Mesa's drivers and fonts
  # that are only recommended.
  if ((${#missing[@]})); then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  if ((${#missing_headers[@]})); then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing_headers[@]}" >/dev/null
  fi
fi

# Only when the Python of PATH lacks them; a Debian-managed Python refuses plain pip (PEP 668).
if [ "$profile" = test ] && command -v python3 >/dev/null && ! python3 -c "import pytest_lsp, pygls" 2>/dev/null; then
  echo "bridgegen: installing ${test_pip_packages[*]} (pip)" >&2
  python3 -m pip install -q "${test_pip_packages[@]}" 2>/dev/null \
    || python3 -m pip install -q --break-system-packages "${test_pip_packages[@]}"
fi

if [ "$profile" = test ] && command -v python3 >/dev/null && ! python3 -c "import run_kotlin_kernel" 2>/dev/null; then
  echo "bridgegen: installing $kotlin_pip_package (pip)" >&2
  python3 -m pip install -q "$kotlin_pip_package" 2>/dev/null \
    || python3 -m pip install -q --break-system-packages "$kotlin_pip_package"
fi

if [ "$profile" = test ] && command -v python3 >/dev/null && ! python3 -c "import playwright" 2>/dev/null; then
  echo "bridgegen: installing $playwright_pip_package (pip)" >&2
  python3 -m pip install -q "$playwright_pip_package" 2>/dev/null \
    || python3 -m pip install -q --break-system-packages "$playwright_pip_package"
fi

command -v swift >/dev/null || { echo "bridgegen: swift is not on PATH; install a Swift 6 toolchain from swift.org" >&2; exit 1; }
