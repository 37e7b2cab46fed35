#!/usr/bin/env python3
"""A tiny agent for the KXM `command` harness protocol (docs/harness-protocol.md).

It echoes the prompt back. Prompts that contain "approve" ask a person first; "stream N" sends
N deltas as fast as it can, for stream tests and benchmarks. A continuation turn reports the
answers it resumed with.
"""
import json
import re
import sys


def send(line):
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()


def read_answer():
    line = sys.stdin.readline()
    if not line:
        sys.exit("stdin closed before the answer came")
    return json.loads(line)["answer"]


def verdict(answer):
    word = "approved" if answer.get("approved") else "denied"
    return f"{word}: {answer.get('answer') or ''}".rstrip(": ")


turn = json.loads(sys.stdin.readline())
prompt = turn["prompt"]

if turn["resumed"]:
    said = "; ".join(verdict(r["answer"]) for r in turn["resumed"])
    send({"type": "message", "text": f"resumed with {said}"})
    sys.exit(0)

stream = re.search(r"\bstream (\d+)\b", prompt)
if stream:
    for i in range(int(stream.group(1))):
        sys.stdout.write(json.dumps({"type": "delta", "text": f"{i} "}) + "\n")
    send({"type": "message", "text": f"streamed {stream.group(1)} deltas"})
    sys.exit(0)

for word in prompt.split(" "):
    send({"type": "delta", "text": word + " "})
send({"type": "tool_call", "id": "call_1", "name": "echo", "input": {"text": prompt}})
send({"type": "tool_result", "id": "call_1", "output": prompt, "isError": False})
send({"type": "usage", "inputTokens": len(prompt), "outputTokens": len(prompt)})

if "approve" in prompt:
    send({"type": "approval", "tool": "write_file", "input": {"path": "notes.txt"},
          "reason": "the prompt asked for approval"})
    send({"type": "message", "text": verdict(read_answer())})
else:
    send({"type": "message", "text": f"echo: {prompt}"})
