"""A scripted command harness for worker tests; argv[1] picks the mode, argv[2] is a folder.

Every turn appends its prompt, as one JSON line, to DIR/turns.jsonl first.

wait DIR  touches DIR/started, then answers "done" once DIR/go exists; a prompt holding a steer
          answers at once with "steered" and the prompt's last line
fail DIR  reports an error and exits 3
meet DIR  touches DIR/arrived-<runId>, answers "met" once two such files exist
"""
import json
import os
import sys
import time

turn = json.loads(sys.stdin.readline())
mode, folder = sys.argv[1], sys.argv[2]
prompt = turn["prompt"]
with open(os.path.join(folder, "turns.jsonl"), "a") as log:
    log.write(json.dumps(prompt) + "\n")


def out(line):
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()


if mode == "wait":
    if "\nSteer " in prompt:
        out({"type": "message", "text": "steered: " + prompt.strip().splitlines()[-1]})
        sys.exit(0)
    with open(os.path.join(folder, "started"), "w") as f:
        f.write(turn["runId"])
    deadline = time.time() + 120
    while not os.path.exists(os.path.join(folder, "go")):
        if time.time() > deadline:
            sys.exit(4)
        time.sleep(0.02)
    out({"type": "message", "text": "done: " + prompt.strip().splitlines()[-1]})
elif mode == "meet":
    with open(os.path.join(folder, "arrived-" + turn["runId"]), "w") as f:
        f.write(prompt)
    deadline = time.time() + 120
    while len([n for n in os.listdir(folder) if n.startswith("arrived-")]) < 2:
        if time.time() > deadline:
            sys.exit(4)
        time.sleep(0.02)
    out({"type": "message", "text": "met: " + prompt.strip().splitlines()[-1]})
elif mode == "fail":
    out({"type": "error", "message": "the model is down"})
    sys.exit(3)
else:
    out({"type": "error", "message": "unknown mode " + mode})
    sys.exit(2)
