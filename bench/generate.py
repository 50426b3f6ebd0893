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

# A QA suite for `credsh test -j N`: 400 scripts, each a short flow in its own simulation
# (a sign-up, logins, a wrong password, an update, a logout). Every fourth script also
# gets an empty .expected that bench/run.sh fills with `credsh test --update`, so the
# golden-transcript comparison is part of what is timed.
suite = os.path.join(out, "suite")
os.makedirs(suite, exist_ok=True)
for name in os.listdir(suite):
    os.remove(os.path.join(suite, name))
for i in range(400):
    user = f"user{i}"
    old, new = f"Pass-{i}-word", f"Next-{i}-word"
    lines = [
        f'user add {user} password "{old}"',
        f'login {user} "{old}"',
        "expect event onUserLoggedIn statusCode=100",
        "logout",
        f'login {user} "wrong-{i}"',
        "expect event getPassword statusCode=102",
        f'password "{old}"',
        "initiate Password",
        f'update "{old}" "{new}"',
        "expect event onUpdateCredentialResponse statusCode=100",
        f'login {user} "{new}"',
        f"expect state {user} logged-in",
    ]
    write(f"suite/flow-{i:03}.credscript", lines)
    if i % 4 == 0:
        open(os.path.join(suite, f"flow-{i:03}.expected"), "w").close()
