#!/usr/bin/env python3
"""An agent that asks one clarification before it answers (docs/harness-protocol.md)."""
import json
import sys

turn = json.loads(sys.stdin.readline())
sys.stdout.write(json.dumps({"type": "clarification", "question": "which file?"}) + "\n")
sys.stdout.flush()
answer = json.loads(sys.stdin.readline())["answer"]
sys.stdout.write(json.dumps({"type": "message", "text": "will edit " + answer["answer"]}) + "\n")
sys.stdout.flush()
