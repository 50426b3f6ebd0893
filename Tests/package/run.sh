#!/usr/bin/env bash
# The install and the Debian package, checked as a user gets them (make package-check;
# CI runs it on the static release binary after `make build`):
# - `make install DESTDIR=… PREFIX=/usr/local` puts the binary, credsh(1) and the three
#   completions where they belong; the page renders without a warning from man and names
#   every subcommand `credsh --help` lists;
# - `make deb` builds a package lintian passes without errors;
# - the package, unpacked into an empty root (only /proc mounted: the Swift runtime finds
#   itself through /proc/self), runs a script with a login (PBKDF2 from the linked-in
#   Nettle), and its completion and man subcommands run there too.
# Usage: Tests/package/run.sh BINARY
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
mounted=
cleanup() {
    if [ -n "$mounted" ]; then umount "$mounted" || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "package check: $*" >&2; exit 1; }

# 1. make install into a staging root.
make -s install BINARY="$binary" DESTDIR="$work/stage" PREFIX=/usr/local
prefix=$work/stage/usr/local
for file in bin/credsh share/man/man1/credsh.1 share/bash-completion/completions/credsh \
            share/zsh/vendor-completions/_credsh share/fish/vendor_completions.d/credsh.fish \
            share/doc/credsh/diagnostics.md; do
    [ -f "$prefix/$file" ] || fail "make install did not install $file"
done
[ -x "$prefix/bin/credsh" ] || fail "the installed binary is not executable"
warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$prefix/share/man/man1/credsh.1" 2>&1 >/dev/null) || true
[ -z "$warnings" ] || fail "man warns about credsh(1): $warnings"
page=$(LC_ALL=C.UTF-8 MANWIDTH=200 man -l "$prefix/share/man/man1/credsh.1" 2>/dev/null)
# An entry starts two spaces in; its wrapped lines are further in.
for subcommand in $("$binary" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk '/^  [^ ]/ { print $1 }'); do
    grep -q "credsh $subcommand" <<<"$page" || grep -q "credsh \[$subcommand\]" <<<"$page" \
        || fail "credsh(1) does not describe the subcommand $subcommand"
done
grep -q "^EXIT STATUS" <<<"$page" || fail "credsh(1) has no EXIT STATUS"
# The page stands with what it names: each docs/NAME.md is installed as NAME.md.
for named in $(grep -o 'docs/[a-z-]*\.md' <<<"$page" | sort -u); do
    [ -f "$prefix/share/doc/credsh/${named#docs/}" ] || fail "credsh(1) names $named, which make install did not install"
done

# 2. make deb, and lintian.
deb=$(packaging/make-deb.sh "$binary" "$work/deb")
[ -f "$deb" ] || fail "make deb made no package"
lintian --fail-on error "$deb" || fail "lintian found errors in $deb"
contents=$(dpkg-deb -c "$deb")
for file in ./usr/bin/credsh ./usr/share/man/man1/credsh.1.gz ./usr/share/doc/credsh/copyright \
            ./usr/share/doc/credsh/diagnostics.md ./usr/share/doc/credsh/ci.md \
            ./usr/share/bash-completion/completions/credsh; do
    grep -q " $file\$" <<<"$contents" || fail "the package lacks $file"
done

# 3. Unpacked into an empty root and run there.
if [ "$(id -u)" != 0 ]; then
    echo "package check: not root, so the empty-root run (chroot, mount) is left out" >&2
    exit 0
fi
root=$work/root
mkdir "$root"
dpkg-deb -x "$deb" "$root"
mkdir "$root/proc"
mount -t proc proc "$root/proc"
mounted=$root/proc
[ "$(chroot "$root" /usr/bin/credsh --version)" = "$("$binary" --version)" ] || fail "--version differs in the empty root"
out=$(printf 'user add alice password "Passw0rd!"\nlogin alice "Passw0rd!"\nexpect event onUserLoggedIn\n' \
      | chroot "$root" /usr/bin/credsh -) || fail "a script failed in the empty root: $out"
grep -q "onUserLoggedIn userID=alice" <<<"$out" || fail "the login did not run in the empty root: $out"
chroot "$root" /usr/bin/credsh completion bash | grep -q "complete -o filenames -F _credsh credsh" || fail "completion bash"
chroot "$root" /usr/bin/credsh man | grep -q '^\.TH CREDSH 1' || fail "credsh man"
echo "package check: make install, make deb (lintian: no errors) and the empty-root run passed"
