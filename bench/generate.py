#!/usr/bin/env python3
"""Writes the scripts bench/run.sh times, into the folder given."""
import sys, os

out = sys.argv[1]

def write(name, lines):
    with open(os.path.join(out, name), "w") as f:
        f.write("\n".join(lines) + "\n")

cheap = ["echo hello", "clock advance 1s", "let x = 5", "state"]
write("cheap.credscript", [cheap[i % 4] for i in range(100_000)])

passwords = [f"Pass-{i}-word" for i in range(4)]  # history=3: four passwords never collide
cycles = ['user add alice password "Pass-0-word"', "policy password history=3"]
for i in range(10_000):
    current, new = passwords[i % 4], passwords[(i + 1) % 4]
    cycles += [f'login alice "{current}"', "initiate Password", f'update "{current}" "{new}"',
               "expect event onUpdateCredentialResponse statusCode=100"]
write("cycles.credscript", cycles)
write("cycles-kdf1.credscript", ["kdf 1"] + cycles)

accounts = [f"user add user{i}" for i in range(1_000_000)]
write("accounts.credscript", accounts)
write("accounts-cycles.credscript", accounts + cycles)
