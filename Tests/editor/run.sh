#!/usr/bin/env bash
# The editor tests: `credsh lsp` driven as an editor drives it (pytest-lsp), and the
# TextMate grammar run over every example (textmate-grammar-python). The pinned packages
# go into a venv under .build the first time.
# Usage: Tests/editor/run.sh [CREDSH]    the tests
#        Tests/editor/run.sh --prepare   only the venv: `make test` makes it while the
#                                        Swift build runs (it waits on PyPI, not the CPU)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# The argument is looked at before the venv is made: a mistyped option (`--prepar`,
# `--help`) or a binary not built yet is said at once, not after a minute of pip and a
# pytest run whose every test fails to start it.
prepare=no
case "${1:-}" in
    --prepare) prepare=yes ;;
    -*) echo "usage: Tests/editor/run.sh [CREDSH] | --prepare (not '$1')" >&2; exit 2 ;;
    *)
        export CREDSH="${1:-${CREDSH:-$(cd "$root" && swift build --show-bin-path)/credsh}}"
        if [ ! -f "$CREDSH" ] || [ ! -x "$CREDSH" ]; then
            echo "Tests/editor/run.sh: no credsh binary at $CREDSH (build it first: swift build)" >&2
            exit 2
        fi
        # The tests run from this folder: a relative path is made absolute first.
        CREDSH="$(cd "$(dirname "$CREDSH")" && pwd)/$(basename "$CREDSH")"
        ;;
esac
venv="$root/.build/editor-venv"
stamp="$venv/.requirements"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$here/requirements.txt" "$stamp"; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r "$here/requirements.txt"
    cp "$here/requirements.txt" "$stamp"
fi
[ "$prepare" = yes ] && exit 0
cd "$here"
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$here"
