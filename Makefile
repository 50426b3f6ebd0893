# credsh: the two commands of the quick start are `make demo` and `make test`.
SWIFT ?= swift
EXAMPLE ?= examples/expiry.credscript

# The release binary is a static executable: the Swift runtime, Foundation's essentials,
# swift-crypto and readline are all linked in, so no dynamic loader runs at start-up
# (binding symbols across six shared libraries was two thirds of an empty script's
# instructions). Debug information is left out of it (-S); symbols stay for backtraces.
RELEASE_FLAGS = -c release --product credsh --static-swift-stdlib -Xswiftc -static-executable -Xlinker -S

.PHONY: demo build test deps grammar bench fuzz clean

# Build a release binary and run the shell on an example, as a transcript.
demo: build
	.build/release/credsh --echo $(EXAMPLE)

build: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# Every test: unit, transcript and terminal tests (swift test), then every example
# as a self-checking script (credsh test), its transcript checked against X.expected.
test: deps
	$(SWIFT) test
	$$($(SWIFT) build --show-bin-path)/credsh test examples/
	Tests/editor/run.sh $$($(SWIFT) build --show-bin-path)/credsh

# GNU readline's headers, tmux for the prompt tests and curl for the serve tests, when a
# fresh machine lacks them; python3 with venv for the editor tests (Tests/editor/run.sh
# installs their pinned PyPI packages into .build/editor-venv).
deps:
	@if ! dpkg -s libreadline-dev >/dev/null 2>&1 || ! command -v tmux >/dev/null 2>&1 || ! command -v curl >/dev/null 2>&1; then \
		echo "installing libreadline-dev, tmux and curl"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libreadline-dev tmux curl >/dev/null; \
	fi
	@if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then \
		echo "installing python3 and python3-venv"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv >/dev/null; \
	fi

# Refresh the command reference in grammar.md from the command table.
grammar: build
	python3 bench/update_grammar.py .build/release/credsh grammar.md

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
