#!/usr/bin/env python3
"""Replace the coverage of examples/ shown in README.md with what
`credsh test --coverage examples/` prints now (run from the repository's root)."""
import subprocess, sys

binary, path = sys.argv[1], sys.argv[2]
run = subprocess.run([binary, "test", "--coverage", "examples/"], capture_output=True, text=True)
lines = run.stdout.split("\n")
start = next(i for i, l in enumerate(lines) if l.startswith("coverage ("))
end = max(i for i, l in enumerate(lines) if l.startswith("coverage: "))
block = "\n".join(lines[start:end + 1]) + "\n"
opening = "```text\n$ credsh test --coverage examples/\n…\n"
text = open(path).read()
head, rest = text.split(opening, 1)
_, tail = rest.split("```", 1)
open(path, "w").write(head + opening + block + "```" + tail)
