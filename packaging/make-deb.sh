#!/usr/bin/env bash
# Builds credsh_VERSION_ARCH.deb from a built binary, with dpkg-deb: the binary, credsh(1)
# and the completions (all written by the binary itself, as `make install` writes them),
# the copyright and changelog Debian asks for, and a lintian override for the static binary. Usage: packaging/make-deb.sh BINARY OUTDIR
# The binary is the static release one (`make build`): it needs no shared library, so
# the package depends on nothing.
set -euo pipefail
binary=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
version=$("$binary" --version)
arch=$(dpkg --print-architecture)
name=credsh_${version}_${arch}
stage=$out/$name
rm -rf "$stage"
mkdir -p "$out"
umask 022
make -s -C "$here/.." install BINARY="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")" DESTDIR="$(cd "$out" && pwd)/$name" PREFIX=/usr
# Debian ships binaries stripped (the release binary keeps its symbols for backtraces).
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/credsh"
# The one exception lintian is told of, with the reason (static on purpose).
install -d "$stage/usr/share/lintian/overrides"
install -m 0644 "$here/lintian-overrides" "$stage/usr/share/lintian/overrides/credsh"
# Debian keeps manual pages compressed (gzip -9n: no name or time stamp, so the same
# bytes each build).
gzip -9n "$stage/usr/share/man/man1/credsh.1"
doc=$stage/usr/share/doc/credsh
install -d "$doc"
install -m 0644 "$here/copyright" "$doc/copyright"
sed "s/@VERSION@/$version/" "$here/changelog" | gzip -9n > "$doc/changelog.gz"
chmod 0644 "$doc/changelog.gz"
install -d "$stage/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: credsh
Version: $version
Architecture: $arch
Maintainer: credsh maintainers <credsh@example.invalid>
Installed-Size: $size
Section: devel
Priority: optional
Homepage: https://example.invalid/credsh
Description: shell and scripting language simulating credential SDKs
 credsh runs CredScript, a small language for the flows of credential SDKs
 (REL-ID, OneWelcome, SAP Fiori, SUSI.AI): users, logins, password and PIN
 changes, the callbacks the SDK sends and the server's answers, all simulated,
 with expectations that make a script a test. It has a prompt, a test runner
 with JUnit, TAP and HTML reports, sequence diagrams, a formatter and a
 language server for editors.
CONTROL
chmod 0644 "$stage/DEBIAN/control"
find "$stage" -type d -exec chmod 0755 {} +
dpkg-deb --root-owner-group -Zxz --build "$stage" "$out/$name.deb" >/dev/null
echo "$out/$name.deb"
