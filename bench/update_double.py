#!/usr/bin/env python3
"""Replace the table of each SDK's calls between the markers in docs/double.md with what
`credsh reference-calls` prints from the catalogs."""
import subprocess, sys

binary, path = sys.argv[1], sys.argv[2]
reference = subprocess.run([binary, "reference-calls"], check=True, capture_output=True, text=True).stdout
text = open(path).read()
begin, end = "<!-- calls:begin -->", "<!-- calls:end -->"
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open(path, "w").write(head + begin + "\n" + reference + end + tail)
