#!/bin/sh
# Offline builds from Debian's Go packages (docs/clients-other-languages.md): vendor/ points
# at their sources in /usr/share/gocode/src, and vendor/modules.txt names go.mod's
# requirements as `go mod vendor` would, so `go build` (in vendor mode, the default when
# vendor/ exists) needs no network. Without those packages it does nothing: go then fetches
# the modules from the Go proxy (run `go mod tidy` once).
set -eu
cd "$(dirname "$0")"
src=/usr/share/gocode/src
[ -d "$src/google.golang.org/grpc" ] || exit 0
rm -rf vendor
mkdir vendor
for host in github.com golang.org google.golang.org; do
  ln -s "$src/$host" "vendor/$host"
done
sed -n 's/^\t\([^ ]*\) \(v[^ ]*\)$/# \1 \2\n## explicit/p' go.mod > vendor/modules.txt
