"""A scripted agent for session service tests; argv[1] picks what it does in a turn.

echo      streams a delta, then a final message listing the history it received
wait DIR  touches DIR/<prompt>.started, then finishes once DIR/<prompt>.go exists
meet DIR  touches DIR/<prompt>.arrived, finishes once every DIR/*.expected has an .arrived twin
approve   asks an approval (or takes it from the resumed answers) and reports it
hang FILE starts a child that sleeps, writes its pid to FILE and never ends
spend     reports the usage of two model calls, then a message; "spend fail" exits 4 instead
quiet     writes a message and no usage
overflow  reports two calls whose input tokens together pass 2^63-1
garbage   writes binary bytes, broken JSON and a 2 MiB line, nothing readable, and exits 0
"""
import glob
import json
import os
import subprocess
import sys
import time

turn = json.loads(sys.stdin.readline())
mode = sys.argv[1]
deadline = time.time() + 60


def out(line):
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()


def touch(path):
    with open(path, "w") as f:
        f.write(turn["runId"])


def wait_until(ready):
    while not ready():
        if time.time() > deadline:
            out({"type": "error", "message": "gave up waiting"})
            sys.exit(3)
        time.sleep(0.02)


if mode == "echo":
    seen = " | ".join(m["role"] + ":" + m["content"] for m in turn["history"])
    out({"type": "delta", "text": "seen "})
    out({"type": "usage", "inputTokens": 3, "outputTokens": 2})
    out({"type": "message", "text": "seen %d [%s] for %s" % (len(turn["history"]), seen, turn["prompt"])})
elif mode == "wait":
    folder = sys.argv[2]
    touch(os.path.join(folder, turn["prompt"] + ".started"))
    wait_until(lambda: os.path.exists(os.path.join(folder, turn["prompt"] + ".go")))
    out({"type": "message", "text": "done " + turn["prompt"]})
elif mode == "meet":
    folder = sys.argv[2]
    touch(os.path.join(folder, turn["prompt"] + ".arrived"))
    expected = glob.glob(os.path.join(folder, "*.expected"))
    wait_until(lambda: all(os.path.exists(e[: -len(".expected")] + ".arrived") for e in expected))
    out({"type": "message", "text": "met " + turn["prompt"]})
elif mode == "approve":
    resumed = turn.get("resumed") or []
    if resumed:
        answer = resumed[0]["answer"]
    else:
        out({"type": "approval", "tool": "rm", "input": {"path": "build"}, "reason": "clean up"})
        answer = json.loads(sys.stdin.readline())["answer"]
    out({"type": "message", "text": "approved=%s by %s" % (answer.get("approved"), answer.get("by"))})
elif mode == "hang":
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    with open(sys.argv[2] + ".tmp", "w") as f:
        f.write(str(child.pid))
    os.rename(sys.argv[2] + ".tmp", sys.argv[2])
    out({"type": "delta", "text": "working"})
    time.sleep(600)
elif mode == "spend":
    out({"type": "usage", "inputTokens": 1000, "outputTokens": 200, "reasoningTokens": 50})
    out({"type": "usage", "inputTokens": 500, "outputTokens": 100, "cacheReadTokens": 4000,
         "cacheWriteTokens": 1000, "costUsd": 9.99})
    if len(sys.argv) > 2 and sys.argv[2] == "fail":
        sys.exit(4)
    out({"type": "message", "text": "spent"})
elif mode == "overflow":
    out({"type": "usage", "inputTokens": 2**63 - 1, "outputTokens": 0})
    out({"type": "usage", "inputTokens": 1, "outputTokens": 0})
    out({"type": "message", "text": "counted"})
elif mode == "garbage":
    raw = sys.stdout.buffer
    raw.write(b"\x00\xff\xfe\x9c binary\n")
    raw.write(b'{"type": "message", "text": "cut off\n')
    raw.write(b"[1, 2, 3]\n")
    raw.write(b"x" * (2 * 1024 * 1024) + b"\n")
    raw.flush()
elif mode == "quiet":
    out({"type": "message", "text": "no usage"})
else:
    out({"type": "error", "message": "unknown mode " + mode})
    sys.exit(2)
