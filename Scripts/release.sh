#!/usr/bin/env bash
# Builds a release of the bridgegen CLI that needs no Swift toolchain and no libyaml where it
# runs, and packs it (docs/DISTRIBUTION.md):
#   DIR/bridgegen-<version>-<triple>.tar.gz          bridgegen-<version>-<triple>/bin/bridgegen, share/doc/bridgegen/
#       (README.md, docs/, and the Schemas/ and Generated/Docs/ example they link to)
#   DIR/bridgegen-<version>-<triple>.tar.gz.sha256   sha256sum format
#   DIR/bridgegen.artifactbundle/, .zip, .zip.checksum   (Scripts/make-artifactbundle.sh)
# Linux: Swift runtime and FoundationEssentials (no ICU) linked statically (--static-swift-stdlib), libyaml linked
# statically from the distribution's libyaml.a, stripped; it fails unless the binary needs only
# the C/C++ runtime. macOS: a universal binary (arm64 + x86_64) with libyaml linked statically.
#
# The build runs on a copy of the work tree under .build/release-source, where BuildInfo.swift is
# stamped with the commit and triple for `--version`; the work tree itself is never modified.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

usage="USAGE: Scripts/release.sh [--out DIR]   (default DIR: dist; builds for this host: the Linux tarball on Linux, the macOS one on a Mac)"
out=dist
while (($#)); do
  case $1 in
    --out) (($# >= 2)) || { echo "release.sh: --out needs a folder" >&2; exit 2; }; out=$2; shift 2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "release.sh: unexpected argument '$1'" >&2; echo "$usage" >&2; exit 2 ;;
  esac
done
# A release is built on the host it is for: say first what this one can and cannot build.
host="$(uname -s) $(uname -m)"
case $(uname -s) in
  Linux)
    echo "release.sh: this host ($host) builds the Linux $(uname -m) tarball and its artifact bundle; the macOS tarball can only be built on a Mac (docs/DISTRIBUTION.md)" >&2
    ;;
  Darwin)
    echo "release.sh: this host ($host) builds the macOS tarball (one universal arm64 + x86_64 binary, which needs a universal libyaml.a) and its artifact bundle." \
      "It cannot build the Linux tarballs, which are what a release publishes: run this script on Linux for those (a Linux machine, a container or CI)." \
      "To use bridgegen on this Mac, no release is needed: brew install libyaml pkg-config, then swift build -c release --product bridgegen" \
      "(docs/ANDROID.md, \"bridgegen on a Mac\")." >&2
    ;;
  *)
    echo "release.sh: this host ($host) builds nothing: the Linux tarball is built on Linux and the macOS one on a Mac (docs/DISTRIBUTION.md)" >&2
    exit 1
    ;;
esac
mkdir -p "$out"
out=$(cd "$out" && pwd)

# apt on Debian/Ubuntu; on a Mac, libyaml and pkg-config come from Homebrew (docs/DISTRIBUTION.md).
[ "$(uname -s)" != Linux ] || Scripts/install-deps.sh release
# What packaging needs beyond building: zip for the artifact bundle; on Linux readelf and strip,
# on a Mac lipo and otool (Xcode's command line tools).
for tool in zip strip $([ "$(uname -s)" = Linux ] && echo readelf) $([ "$(uname -s)" = Darwin ] && echo lipo otool); do
  command -v "$tool" >/dev/null || { echo "release.sh: '$tool' is not installed (Debian: apt-get install zip binutils; macOS: xcode-select --install)" >&2; exit 1; }
done

version=$(sed -n 's/^ *static let version = "\(.*\)"$/\1/p' Sources/bridgegen/Usage.swift)
[ -n "$version" ] || { echo "release.sh: no 'static let version' in Sources/bridgegen/Usage.swift" >&2; exit 1; }
commit=$(git rev-parse --short=12 HEAD)
# Dirty: the release is built from the work tree as it is, so say when that is not the commit.
[ -z "$(git status --porcelain)" ] || commit="$commit-dirty"

case $(uname -s) in
  Linux) triple=$(swift -print-target-info | sed -n 's/^ *"unversionedTriple": "\(.*\)",$/\1/p' | head -1) ;;
  Darwin) triple=universal-apple-macosx ;;  # one binary for arm64-apple-macosx and x86_64-apple-macosx
  *) echo "release.sh: unsupported host $(uname -s)" >&2; exit 1 ;;
esac
[ -n "$triple" ] || { echo "release.sh: cannot read the target triple from 'swift -print-target-info'" >&2; exit 1; }
name="bridgegen-$version-$triple"

# --- The sources: the work tree's files (tracked and untracked, not ignored) copied into
# .build/release-source, touching only files whose bytes changed so a second release build is
# incremental.
source_copy=$repo/.build/release-source
mkdir -p "$source_copy"
# One release build at a time per checkout (test processes run in parallel may each ask for one).
if command -v flock >/dev/null; then
  exec 9>"$source_copy.lock"
  flock 9
fi
build_info=Sources/bridgegen/BuildInfo.swift
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ "$file" = "$build_info" ] && continue  # stamped below
  target="$source_copy/$file"
  if [ -L "$file" ]; then
    [ -L "$target" ] && [ "$(readlink "$file")" = "$(readlink "$target")" ] && continue
  elif [ -f "$file" ]; then
    cmp -s "$file" "$target" 2>/dev/null && continue
  else
    continue  # deleted in the work tree
  fi
  mkdir -p "$(dirname "$target")"
  rm -rf "$target"
  cp -P -p "$file" "$target"
done
# Files gone from the work tree go from the copy too.
(cd "$source_copy" && find . -path ./.build -prune -o \( -type f -o -type l \) -print) | while IFS= read -r file; do
  file=${file#./}
  [ -e "$file" ] || [ -L "$file" ] || rm -f "$source_copy/$file"
done
stamped=$(sed "s|static let release: String? = nil|static let release: String? = \"$commit, $triple\"|" "$build_info")
grep -q "\"$commit, $triple\"" <<<"$stamped" || { echo "release.sh: cannot stamp $build_info" >&2; exit 1; }
[ "$(cat "$source_copy/$build_info" 2>/dev/null)" = "$stamped" ] || printf '%s\n' "$stamped" >"$source_copy/$build_info"

# --- libyaml, statically: CYAML links `yaml` (pkg-config yaml-0.1 and the module map's
# `link "yaml"`). A yaml-0.1.pc whose library folder holds only libyaml.a makes every -lyaml
# resolve to the archive, so the binary does not need libyaml.so.
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
system_pc=$(pkg-config --variable=pcfiledir yaml-0.1)/yaml-0.1.pc
static_lib=$(pkg-config --variable=libdir yaml-0.1)/libyaml.a
[ -f "$static_lib" ] || { echo "release.sh: $static_lib is missing (Debian: apt-get install libyaml-dev; macOS: brew install libyaml)" >&2; exit 1; }
# Homebrew's archive holds the Mac's own architecture only; the universal link needs both.
if [ "$(uname -s)" = Darwin ]; then
  archs=" $(lipo -archs "$static_lib" 2>/dev/null) "
  [[ $archs == *" arm64 "* && $archs == *" x86_64 "* ]] || {
    echo "release.sh: $static_lib holds${archs% }, not both arm64 and x86_64: build libyaml with -arch arm64 -arch x86_64, or lipo -create Homebrew's two archives, and put it there (docs/DISTRIBUTION.md)" >&2
    exit 1
  }
fi
mkdir -p "$staging/yaml/lib" "$staging/pkgconfig"
ln -s "$static_lib" "$staging/yaml/lib/libyaml.a"
sed "s|^libdir=.*|libdir=$staging/yaml/lib|" "$system_pc" >"$staging/pkgconfig/yaml-0.1.pc"
export PKG_CONFIG_PATH="$staging/pkgconfig"

build=(swift build -c release --product bridgegen --package-path "$source_copy" --scratch-path "$source_copy/.build")
started=$SECONDS
case $(uname -s) in
  Linux)
    # --disable-local-rpath: no RUNPATH at all; the binary has no libraries beside it to find.
    "${build[@]}" --static-swift-stdlib --disable-local-rpath
    binary=$("${build[@]}" --static-swift-stdlib --disable-local-rpath --show-bin-path)/bridgegen
    ;;
  Darwin)
    # The Swift runtime ships with macOS (10.14.4 and later), so it is not linked in.
    "${build[@]}" --arch arm64 --arch x86_64
    binary=$("${build[@]}" --arch arm64 --arch x86_64 --show-bin-path)/bridgegen
    ;;
esac
echo "release.sh: built $binary in $((SECONDS - started)) s" >&2

package_dir="$staging/$name"
# share/doc/bridgegen: so `tar -x -C /usr/local --strip-components=1` puts nothing but bin/ and
# share/ into the prefix (not a README.md at /usr/local/README.md). The docs keep the
# repository's layout under it, so every relative link of README.md and docs/ resolves, and
# `bridgegen help`'s docs/... paths name files there: docs/ (with bridgegen.schema.json), and
# the example they link to, Schemas/ and the reference generated from it (Generated/Docs).
doc_dir="$package_dir/share/doc/bridgegen"
mkdir -p "$package_dir/bin" "$doc_dir/docs" "$doc_dir/Schemas" "$doc_dir/Generated/Docs"
cp README.md "$doc_dir/"
[ ! -f LICENSE ] || cp LICENSE "$doc_dir/"
cp docs/*.md docs/bridgegen.schema.json "$doc_dir/docs/"
cp Schemas/* "$doc_dir/Schemas/"
cp Generated/Docs/*.md "$doc_dir/Generated/Docs/"  # not its .bridgegen-manifest
find "$doc_dir" -type f -exec chmod 644 {} +
strip -o "$package_dir/bin/bridgegen" "$binary" 2>/dev/null || { cp "$binary" "$package_dir/bin/bridgegen"; strip "$package_dir/bin/bridgegen"; }
chmod 755 "$package_dir/bin/bridgegen"

# --- The binary must not need the toolchain or libyaml where it runs.
case $(uname -s) in
  Linux)
    dynamic=$(readelf -d "$package_dir/bin/bridgegen")
    if grep -qE '\((RPATH|RUNPATH)\)' <<<"$dynamic"; then
      echo "release.sh: the binary has a library search path:" >&2; grep -E 'RPATH|RUNPATH' <<<"$dynamic" >&2; exit 1
    fi
    # The C and C++ runtime every glibc system has; anything else would have to be installed.
    c_runtime='^(libc\.so\.6|libm\.so\.6|libstdc\+\+\.so\.6|libgcc_s\.so\.1|ld-linux-[a-z0-9_-]+\.so\.[0-9]+|libdl\.so\.2|libpthread\.so\.0|librt\.so\.1|libutil\.so\.1)$'
    needed=$(sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p' <<<"$dynamic")
    if grep -vqE "$c_runtime" <<<"$needed"; then
      echo "release.sh: the binary needs more than the C/C++ runtime:" >&2; grep -vE "$c_runtime" <<<"$needed" >&2; exit 1
    fi
    echo "release.sh: needs $(tr '\n' ' ' <<<"$needed")" >&2
    ;;
  Darwin)
    lipo "$package_dir/bin/bridgegen" -verify_arch arm64 x86_64
    if otool -L "$package_dir/bin/bridgegen" | tail -n +2 | grep -vE '^\s+/(usr/lib|System/Library)/'; then
      echo "release.sh: the binary needs libraries outside the system" >&2; exit 1
    fi
    ;;
esac
stamp=$("$package_dir/bin/bridgegen" --version)
[ "$stamp" = "bridgegen $version ($commit, $triple)" ] || { echo "release.sh: --version says '$stamp'" >&2; exit 1; }

# --- The tarball, byte-reproducible for a given binary: sorted names, no owners, the commit's time.
tarball="$out/$name.tar.gz"
if tar --version 2>/dev/null | grep -q 'GNU tar'; then
  tar -C "$staging" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$(git log -1 --format=%ct)" \
    -cf - "$name" | gzip -n -9 >"$tarball"
else
  tar -C "$staging" -cf - "$name" | gzip -n -9 >"$tarball"
fi
if command -v sha256sum >/dev/null; then
  (cd "$out" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
else
  (cd "$out" && shasum -a 256 "$name.tar.gz" >"$name.tar.gz.sha256")
fi

"$repo/Scripts/make-artifactbundle.sh" --out "$out"

size=$(wc -c <"$package_dir/bin/bridgegen" | tr -d ' ')
echo "release.sh: $stamp, $size bytes stripped" >&2
echo "$tarball"
