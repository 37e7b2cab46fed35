#!/usr/bin/env python3
"""A `command` harness (docs/harness-protocol.md) that asks for a form, then says what it got."""
import json
import sys


def send(line):
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()


json.loads(sys.stdin.readline())
send({"type": "elicitation", "message": "Deployment settings", "schema": {
    "type": "object",
    "properties": {
        "target": {"type": "string", "title": "Target"},
        "replicas": {"type": "integer", "title": "Replicas", "minimum": 1},
        "ratio": {"type": "number", "title": "Canary ratio"},
        "canary": {"type": "boolean", "title": "Canary first"},
        "region": {"type": "string", "title": "Region", "enum": ["eu", "us"]},
    },
    "required": ["target", "replicas", "region"],
}})
line = sys.stdin.readline()
if not line:
    sys.exit("stdin closed before the answer came")
answer = json.loads(line)["answer"]
if answer.get("action") != "accept":
    send({"type": "message", "text": "no form: " + str(answer.get("action"))})
else:
    send({"type": "message", "text": "got " + json.dumps(answer["content"], sort_keys=True)})
