"""A command-harness agent for evolve tests: mirrors every test grid of the prompt left to right.

It reads the turn, finds the grids after each "Test input N:" line, and answers with each row
reversed, one grid per test input. With the argument "silent" it exits without a word.
"""
import json
import sys

turn = json.loads(sys.stdin.readline())
if sys.argv[1:] == ["silent"]:
    sys.exit(0)
lines = turn["prompt"].splitlines()
grids = []
i = 0
while i < len(lines):
    if lines[i].startswith("Test input "):
        rows = []
        i += 1
        while i < len(lines) and lines[i].isdigit():
            rows.append(lines[i][::-1])
            i += 1
        grids.append("\n".join(rows))
    else:
        i += 1
sys.stdout.write(json.dumps({"type": "delta", "text": "mirroring"}) + "\n")
sys.stdout.write(json.dumps({"type": "message", "text": "\n\n".join(grids)}) + "\n")
sys.stdout.flush()
