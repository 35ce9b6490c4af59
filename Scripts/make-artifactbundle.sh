#!/usr/bin/env bash
# Makes the SwiftPM artifact bundle of bridgegen from the release tarballs in DIR (those
# Scripts/release.sh wrote; a release job copies every host's tarball into one DIR first), one
# variant per tarball:
#   DIR/bridgegen.artifactbundle/info.json
#   DIR/bridgegen.artifactbundle/bridgegen-<version>-<triple>/bin/bridgegen   (and share/doc/bridgegen/, the docs)
#   DIR/bridgegen.artifactbundle.zip            what a binaryTarget(url:checksum:) downloads
#   DIR/bridgegen.artifactbundle.zip.checksum   `swift package compute-checksum` of the zip
#   DIR/BridgeGenPlugins/   Distribution/BridgeGenPlugins with its symlinks resolved, ready to
#       use: its binaryTarget takes the zip beside its manifest, or, with --release-url URL, the
#       published form `url: "URL/bridgegen.artifactbundle.zip", checksum: "<checksum>"`
#       (what the plugins repository apps depend on gets; docs/DISTRIBUTION.md).
set -euo pipefail
cd "$(dirname "$0")/.."

usage="USAGE: Scripts/make-artifactbundle.sh [--out DIR] [--release-url URL]   (default DIR: dist)"
out=dist
release_url=""
while (($#)); do
  case $1 in
    --release-url) (($# >= 2)) || { echo "make-artifactbundle.sh: --release-url needs a URL" >&2; exit 2; }; release_url=${2%/}; shift 2 ;;
    --out) (($# >= 2)) || { echo "make-artifactbundle.sh: --out needs a folder" >&2; exit 2; }; out=$2; shift 2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "make-artifactbundle.sh: unexpected argument '$1'" >&2; echo "$usage" >&2; exit 2 ;;
  esac
done
out=$(cd "$out" && pwd)

version=$(sed -n 's/^ *static let version = "\(.*\)"$/\1/p' Sources/bridgegen/Usage.swift)
shopt -s nullglob
tarballs=("$out/bridgegen-$version-"*.tar.gz)
((${#tarballs[@]})) || { echo "make-artifactbundle.sh: no bridgegen-$version-*.tar.gz in $out; run Scripts/release.sh first" >&2; exit 1; }

bundle="$out/bridgegen.artifactbundle"
rm -rf "$bundle" "$bundle.zip" "$bundle.zip.checksum"
mkdir -p "$bundle"
variants=""
for tarball in "${tarballs[@]}"; do
  name=$(basename "$tarball" .tar.gz)
  triple=${name#"bridgegen-$version-"}
  case $triple in
    universal-apple-macosx) triples='"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
    *) triples="\"$triple\"" ;;
  esac
  tar -xzf "$tarball" -C "$bundle"
  [ -x "$bundle/$name/bin/bridgegen" ] || { echo "make-artifactbundle.sh: $tarball has no $name/bin/bridgegen" >&2; exit 1; }
  [ -z "$variants" ] || variants+=$',\n'
  variants+="        {
          \"path\": \"$name/bin/bridgegen\",
          \"supportedTriples\": [$triples]
        }"
done
{
  echo '{'
  echo '  "schemaVersion": "1.0",'
  echo '  "artifacts": {'
  echo '    "bridgegen": {'
  echo "      \"version\": \"$version\","
  echo '      "type": "executable",'
  echo '      "variants": ['
  printf '%s\n' "$variants"
  echo '      ]'
  echo '    }'
  echo '  }'
  echo '}'
} >"$bundle/info.json"

# Every entry gets the binary's time (the commit's, from the tarball) and -X leaves out extra
# attributes, so the zip and its checksum depend only on the contents; the entries keep their
# Unix modes, so bin/bridgegen stays executable when SwiftPM unzips it.
find "$bundle" -exec touch -h -r "$bundle/$name/bin/bridgegen" {} +
(cd "$out" && find bridgegen.artifactbundle -print | LC_ALL=C sort | zip -qX -@ bridgegen.artifactbundle.zip)
swift package compute-checksum "$bundle.zip" >"$bundle.zip.checksum"
echo "make-artifactbundle.sh: $bundle.zip ($(cat "$bundle.zip.checksum"))" >&2

# The plugins package, ready to use or to publish.
plugins="$out/BridgeGenPlugins"
rm -rf "$plugins"
cp -R -L Distribution/BridgeGenPlugins "$plugins"
rm -rf "$plugins/.build" "$plugins/.gitignore" "$plugins/bridgegen.artifactbundle"*
local_target='.binaryTarget(name: "bridgegen", path: "bridgegen.artifactbundle.zip"),'
grep -qF "$local_target" "$plugins/Package.swift" || { echo "make-artifactbundle.sh: no '$local_target' in Distribution/BridgeGenPlugins/Package.swift" >&2; exit 1; }
if [ -n "$release_url" ]; then
  published_target=".binaryTarget(name: \"bridgegen\", url: \"$release_url/bridgegen.artifactbundle.zip\", checksum: \"$(cat "$bundle.zip.checksum")\"),"
  manifest=$(cat "$plugins/Package.swift")
  printf '%s\n' "${manifest/"$local_target"/"$published_target"}" >"$plugins/Package.swift"
else
  cp "$bundle.zip" "$plugins/"
fi
echo "make-artifactbundle.sh: $plugins" >&2
