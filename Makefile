# credsh: the two commands of the quick start are `make demo` and `make test`.
SWIFT ?= swift
EXAMPLE ?= examples/expiry.credscript

# The release binary is a static executable: the Swift runtime, Nettle (for PBKDF2) and
# readline are all linked in, so no dynamic loader runs at start-up
# (binding symbols across six shared libraries was two thirds of an empty script's
# instructions). Debug information is left out of it (-S); symbols stay for backtraces.
RELEASE_FLAGS = -c release --product credsh --static-swift-stdlib -Xswiftc -static-executable -Xlinker -S

.PHONY: demo build test clients-test deps build-deps grammar bench fuzz contract clean install deb package-check

# Build credsh and run it on an example, as a transcript. It is the build the tests use
# (TEST_FLAGS, below), so `make test` after `make demo` compiles only the tests; the
# release binary users get is `make build`'s.
demo: build-deps
	$(SWIFT) build $(TEST_FLAGS) --product credsh
	$(BIN)/credsh --echo $(EXAMPLE)

build: build-deps
	$(SWIFT) build $(RELEASE_FLAGS)

# Every test: unit, transcript and terminal tests (swift test, its suites dealt out to
# TEST_PROCESSES processes that run at once: Tests/run.sh says why), then every example
# as a self-checking script (credsh test), its transcript checked against X.expected.
# The tests build without debug information: a sixth less CPU on a fresh build; a
# failing test's backtrace still names its functions.
TEST_FLAGS = -debug-info-format none
TEST_PROCESSES ?= 8
BIN = $$($(SWIFT) build $(TEST_FLAGS) --show-bin-path)
# Two jobs run beside the others, at the lowest priority, so that they take only the CPU
# the build and the tests leave (docs/performance.md, "How long make demo and make test
# take"): the editor tests' venv from the start (on a fresh machine pip waits on PyPI for
# a minute or more), and the Swift client package's build while the Swift tests run
# (their processes mostly wait on terminals, servers and browsers).
test: deps
	@echo "$(SWIFT) build $(TEST_FLAGS) --build-tests; SWIFT=$(SWIFT) Tests/run.sh $(TEST_PROCESSES)   (meanwhile: Tests/editor/run.sh --prepare, then clients/swift's build)"
	@mkdir -p .build && nice -n 19 Tests/editor/run.sh --prepare > .build/editor-venv.log 2>&1 & venv=$$!; \
	$(SWIFT) build $(TEST_FLAGS) --build-tests || { echo "the build failed; waiting for the editor tests' venv (pip) to end first" >&2; wait $$venv; exit 1; }; \
	(cd clients/swift && nice -n 19 $(SWIFT) build $(TEST_FLAGS) --build-tests) > .build/clients-build.log 2>&1 & clients=$$!; \
	SWIFT=$(SWIFT) Tests/run.sh $(TEST_PROCESSES); status=$$?; \
	wait $$venv; made=$$?; wait $$clients; built=$$?; [ $$status -eq 0 ] || exit $$status; \
	[ $$made -eq 0 ] || { echo "the editor tests' venv could not be made:" >&2; cat .build/editor-venv.log >&2; }; \
	[ $$built -eq 0 ] || { echo "the Swift client package did not build:" >&2; cat .build/clients-build.log >&2; }; \
	[ $$made -eq 0 ] && [ $$built -eq 0 ]
	$(BIN)/credsh test examples/
	Tests/editor/run.sh $(BIN)/credsh
	$(MAKE) clients-test CREDSH=$(BIN)/credsh

# The drop-in client modules (clients/, docs/double.md), each tested against a real
# `credsh serve`: the test build's in `make test`, the static release binary
# in CI's release pass (`make clients-test`; CREDSH names another binary): the Swift package's own tests,
# then the React Native module's with Node's runner (no npm packages).
clients-test:
	@test -n "$${CREDSH:-}" || $(MAKE) build
	cd clients/swift && CREDSH=$${CREDSH:-$(CURDIR)/.build/release/credsh} $(SWIFT) test $(TEST_FLAGS)
	cd clients/react-native && CREDSH=$${CREDSH:-$(CURDIR)/.build/release/credsh} node --test test/*.test.js

# GNU readline's, Nettle's and RE2's headers and static libraries (RE2: the patterns'
# engine), tmux for the prompt tests, curl for the serve tests and jq for the docs'
# commands (Tests/credshTests/DocsExampleTests.swift runs them), when a fresh machine
# lacks them; xmllint and Python's junitparser (pinned) for the JUnit tests; Perl's prove
# and Python's tap.py (pinned, with its YAML extra) for the TAP tests; fish and zsh for
# the completion tests, man (man-db) for the manual page's; git and
# pre-commit (pinned) for the test of .pre-commit-hooks.yaml; python3 with
# venv for the editor tests (Tests/editor/run.sh installs their pinned PyPI packages into
# .build/editor-venv), and Debian's neovim, in which they run the documented setup;
# Debian's Chromium for the browser tests, looked for where they look (BrowserTests.swift:
# CHROMIUM names another browser binary).
JUNITPARSER_VERSION = 5.0.3
TAPPY_VERSION = 3.2.1
PRE_COMMIT_VERSION = 4.2.0
# What a build needs (build-deps) comes first: `make demo` and `make build` wait for
# nothing else.
build-deps:
	@if ! dpkg -s libreadline-dev nettle-dev libre2-dev >/dev/null 2>&1; then \
		echo "installing libreadline-dev, nettle-dev and libre2-dev"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libreadline-dev nettle-dev libre2-dev >/dev/null; \
	fi
deps: build-deps
	@if ! command -v tmux >/dev/null 2>&1 || ! command -v curl >/dev/null 2>&1 || ! command -v jq >/dev/null 2>&1; then \
		echo "installing tmux, curl and jq"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux curl jq >/dev/null; \
	fi
	@if ! command -v xmllint >/dev/null 2>&1 || ! python3 -m pip --version >/dev/null 2>&1; then \
		echo "installing libxml2-utils and python3-pip"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils python3-pip >/dev/null; \
	fi
	@if ! python3 -c 'import junitparser' >/dev/null 2>&1; then \
		echo "installing junitparser $(JUNITPARSER_VERSION)"; \
		python3 -m pip install -q junitparser==$(JUNITPARSER_VERSION) || python3 -m pip install -q --break-system-packages junitparser==$(JUNITPARSER_VERSION); \
	fi
	@if ! python3 -c 'import tap, yaml, more_itertools' >/dev/null 2>&1; then \
		echo "installing tap.py $(TAPPY_VERSION)"; \
		python3 -m pip install -q "tap.py[yaml]==$(TAPPY_VERSION)" || python3 -m pip install -q --break-system-packages "tap.py[yaml]==$(TAPPY_VERSION)"; \
	fi
	@if ! command -v fish >/dev/null 2>&1 || ! command -v zsh >/dev/null 2>&1 || ! command -v man >/dev/null 2>&1; then \
		echo "installing fish, zsh and man-db (the completion and manual page tests)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fish zsh man-db >/dev/null; \
	fi
	@if ! command -v node >/dev/null 2>&1; then \
		echo "installing nodejs (the React Native client's tests run with node --test)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs >/dev/null; \
	fi
	@if ! command -v git >/dev/null 2>&1; then \
		echo "installing git (the pre-commit hooks' test)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq git >/dev/null; \
	fi
	@if ! python3 -m pre_commit --version 2>/dev/null | grep -q " $(PRE_COMMIT_VERSION)$$"; then \
		echo "installing pre-commit $(PRE_COMMIT_VERSION)"; \
		python3 -m pip install -q pre-commit==$(PRE_COMMIT_VERSION) || python3 -m pip install -q --break-system-packages pre-commit==$(PRE_COMMIT_VERSION); \
	fi
	@if ! command -v prove >/dev/null 2>&1; then \
		echo "installing perl (prove reads the TAP report)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq perl >/dev/null; \
	fi
	@if ! command -v nvim >/dev/null 2>&1; then \
		echo "installing neovim (the editor test runs the documented setup in it)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq neovim >/dev/null; \
	fi
	@browser="$${CHROMIUM:-}"; for directory in /usr/bin /usr/local/bin /snap/bin; do \
		for name in chromium chromium-browser google-chrome google-chrome-stable; do \
			[ -x "$$directory/$$name" ] && browser="$$directory/$$name"; done; done; \
	if [ -z "$$browser" ]; then \
		echo "installing chromium (the browser tests render the diagrams and the live page in it)"; \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
			|| { echo "chromium could not be installed: install it (apt-get install chromium, as root), or set CHROMIUM to a browser binary" >&2; exit 1; }; \
	fi
	@if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then \
		echo "installing python3 and python3-venv"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv >/dev/null; \
	fi

# Install like any command-line tool: the binary, credsh(1) and the completions of bash,
# zsh and fish, the page and the completions written by the binary itself (`credsh man`,
# `credsh completion SHELL`), from the same values as its help, so they cannot drift; and
# docs/diagnostics.md, the page of diagnostic codes the language server links to.
# `make install [PREFIX=/usr/local] [DESTDIR=/tmp/stage]`; BINARY names a binary built
# already (the default builds the release one).
PREFIX ?= /usr/local
DESTDIR ?=
BINARY ?= .build/release/credsh
install:
	@if [ "$(BINARY)" = .build/release/credsh ]; then $(MAKE) build; fi
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
		"$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d" \
		"$(DESTDIR)$(PREFIX)/share/doc/credsh"
	install -m 0755 "$(BINARY)" "$(DESTDIR)$(PREFIX)/bin/credsh"
	install -m 0644 README.md grammar.md docs/*.md "$(DESTDIR)$(PREFIX)/share/doc/credsh/"
	"$(BINARY)" man > "$(DESTDIR)$(PREFIX)/share/man/man1/credsh.1"
	"$(BINARY)" completion bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/credsh"
	"$(BINARY)" completion zsh > "$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_credsh"
	"$(BINARY)" completion fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/credsh.fish"
	chmod 0644 "$(DESTDIR)$(PREFIX)/share/man/man1/credsh.1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions/credsh" \
		"$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_credsh" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/credsh.fish"

# A Debian package of the static release binary (no Depends: it links everything in),
# built with dpkg-deb into .build/deb/; lintian passes it without errors (Tests/package/run.sh).
deb:
	@if [ "$(BINARY)" = .build/release/credsh ]; then $(MAKE) build; fi
	packaging/make-deb.sh "$(BINARY)" .build/deb

# The install and the package checked from an empty root (CI runs it after `make build`):
# dpkg-deb, lintian (Debian's) and man (man-db) are installed when missing.
package-check:
	@if ! command -v lintian >/dev/null 2>&1 || ! command -v man >/dev/null 2>&1; then \
		echo "installing lintian and man-db"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq lintian man-db >/dev/null; \
	fi
	Tests/package/run.sh "$(BINARY)"

# Refresh the command reference in grammar.md from the command table, and the table of
# each SDK's calls in docs/double.md from the catalogs.
grammar: build
	python3 bench/update_grammar.py .build/release/credsh grammar.md
	python3 bench/update_double.py .build/release/credsh docs/double.md

# The served API against docs/openapi.json: schemathesis (installed, pinned, when missing)
# against `credsh serve --control` on a free loopback port; under a minute.
contract: build
	Tests/contract/run-schemathesis.sh .build/release/credsh

bench:
	bench/run.sh
	bench/serve.sh

# The fuzz target: lexer, parser and evaluator under libFuzzer for FUZZ_SECONDS, in a
# build folder of its own (.build-fuzz), with -sanitize=fuzzer. Not part of `make build`.
FUZZ_SECONDS ?= 600
fuzz: deps
	CREDSH_FUZZ=1 $(SWIFT) build --scratch-path .build-fuzz -c release --product CredFuzz -Xswiftc -sanitize=fuzzer
	Fuzz/run.sh $(FUZZ_SECONDS)

clean:
	rm -rf .build .build-fuzz
