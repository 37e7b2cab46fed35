#!/usr/bin/env python3
"""A model-free agent for the suite's session runs, speaking the command harness protocol.

The prompt says what to do:
  fill N        N deltas as fast as the pipe takes them, then the final message: a backlog.
  paced N MS    asks for an approval first, so that every subscriber is connected before anything
                is timed; once answered, N deltas MS milliseconds apart, each carrying the
                wall-clock time it was written (ns since the epoch), then the final message.
  hold N        N deltas in small bursts, then waits for its input to close without a final
                message: a run still running when its supervisor is killed.
"""
import json
import sys
import time


def send(line):
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()


turn = json.loads(sys.stdin.readline())
words = turn["prompt"].split()
mode, count = words[0], int(words[1])

if mode == "fill":
    for i in range(count):
        sys.stdout.write('{"type":"delta","text":"%d "}\n' % i)
    send({"type": "message", "text": "filled %d deltas" % count})
elif mode == "paced":
    gap = int(words[2]) / 1000.0
    send({"type": "approval", "tool": "deliver", "input": {"deltas": count},
          "reason": "start once every subscriber is connected"})
    if not sys.stdin.readline():
        sys.exit("input closed before the approval came")
    for i in range(count):
        next_at = time.monotonic() + gap
        sys.stdout.write('{"type":"delta","text":"%d"}\n' % time.time_ns())
        sys.stdout.flush()
        pause = next_at - time.monotonic()
        if pause > 0:
            time.sleep(pause)
    send({"type": "message", "text": "paced %d deltas" % count})
elif mode == "hold":
    for i in range(count):
        sys.stdout.write('{"type":"delta","text":"%d "}\n' % i)
        if i % 50 == 49:
            sys.stdout.flush()
            time.sleep(0.02)
    sys.stdout.flush()
    sys.stdin.readline()  # returns when the supervisor is gone
    sys.exit(1)
else:
    send({"type": "error", "message": "unknown mode " + mode})
