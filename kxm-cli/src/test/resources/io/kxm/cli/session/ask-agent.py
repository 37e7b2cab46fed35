#!/usr/bin/env python3
"""A harness that asks one question of the kind its prompt names and ends with the answer it got,
as sorted JSON, so a test can compare what two ways of answering delivered."""
import json
import sys


def send(line):
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()


turn = json.loads(sys.stdin.readline())
kind = turn["prompt"].split(" ")[0]
if kind == "approval":
    send({"type": "approval", "tool": "write_file", "input": {"path": "notes.txt"}})
elif kind == "clarification":
    send({"type": "clarification", "question": "which branch?"})
elif kind == "nested-form":
    send({"type": "elicitation", "message": "Which tags?",
          "schema": {"type": "object", "properties": {"tags": {"type": "array"}}}})
else:
    send({"type": "elicitation", "message": "Where should the report go?",
          "schema": {"type": "object",
                     "properties": {"email": {"type": "string", "format": "email"},
                                    "copies": {"type": "integer", "minimum": 1, "maximum": 5}},
                     "required": ["email"]}})
line = sys.stdin.readline()
if not line:
    sys.exit("stdin closed before the answer came")
send({"type": "message", "text": json.dumps(json.loads(line)["answer"], sort_keys=True)})
