#!/usr/bin/env python3
"""Replace the coverage of examples/ shown in docs/suites.md with what
`credsh test --coverage examples/` prints now (run from the repository's root).

    python3 bench/update_coverage.py [BINARY [PAGE]]

BINARY defaults to the debug build's credsh (`swift build -debug-info-format none
--show-bin-path`), PAGE to docs/suites.md."""
import subprocess, sys

if len(sys.argv) > 1:
    binary = sys.argv[1]
else:
    folder = subprocess.run(["swift", "build", "-debug-info-format", "none", "--show-bin-path"],
                            capture_output=True, text=True, check=True).stdout.strip()
    binary = folder + "/credsh"
path = sys.argv[2] if len(sys.argv) > 2 else "docs/suites.md"
run = subprocess.run([binary, "test", "--coverage", "examples/"], capture_output=True, text=True)
lines = run.stdout.split("\n")
start = next(i for i, l in enumerate(lines) if l.startswith("coverage ("))
end = max(i for i, l in enumerate(lines) if l.startswith("coverage: "))
block = "\n".join(lines[start:end + 1]) + "\n"
opening = "```text\n$ credsh test --coverage examples/\n…\n"
text = open(path).read()
head, rest = text.split(opening, 1)
_, tail = rest.split("```", 1)
# The run prints the totals after the coverage: the page shows them left out (…).
open(path, "w").write(head + opening + block + "…\n```" + tail)
