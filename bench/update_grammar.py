#!/usr/bin/env python3
"""Replace the command reference between the markers in grammar.md with what
`credsh reference` prints from the command table."""
import subprocess, sys

binary, path = sys.argv[1], sys.argv[2]
reference = subprocess.run([binary, "reference"], check=True, capture_output=True, text=True).stdout
text = open(path).read()
begin, end = "<!-- commands:begin -->", "<!-- commands:end -->"
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open(path, "w").write(head + begin + "\n" + reference + end + tail)
