# credsh: the two commands of the quick start are `make demo` and `make test`.
SWIFT ?= swift
EXAMPLE ?= examples/expiry.credscript

.PHONY: demo build build-static test deps grammar bench clean

# Build a release binary and run the shell on an example, as a transcript.
demo: deps build
	.build/release/credsh --echo $(EXAMPLE)

build: deps
	$(SWIFT) build -c release --product credsh

# The fastest start-up: the Swift runtime linked in (what bench/run.sh measures).
build-static: deps
	$(SWIFT) build -c release --product credsh --static-swift-stdlib --scratch-path .build-static

# Every test: unit, transcript and terminal tests (swift test), then every example
# as a self-checking script (credsh test).
test: deps
	$(SWIFT) test
	$$($(SWIFT) build --show-bin-path)/credsh test examples/

# GNU readline's headers, and tmux for the prompt tests, when a fresh machine lacks them.
deps:
	@if ! dpkg -s libreadline-dev >/dev/null 2>&1 || ! command -v tmux >/dev/null 2>&1; then \
		echo "installing libreadline-dev and tmux"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libreadline-dev tmux >/dev/null; \
	fi

# Refresh the command reference in grammar.md from the command table.
grammar: build
	python3 bench/update_grammar.py .build/release/credsh grammar.md

bench:
	bench/run.sh

clean:
	rm -rf .build
