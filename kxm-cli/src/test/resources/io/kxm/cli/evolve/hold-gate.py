"""Gate for evolve tests: exact match of the answer's grids, held while a hold file exists.

argv: HOLD_FILE COUNTER_FILE ANSWER_FILE TASK_FILE. Every call bumps the counter; from the second
call on, while HOLD_FILE exists, the gate writes HOLD_FILE.held and waits, so a test can kill the
loop with one attempt committed and the next one in flight.
"""
import json
import os
import sys
import time

hold, counter, answer_file, task_file = sys.argv[1:5]
count = int(open(counter).read()) + 1 if os.path.exists(counter) else 1
with open(counter, "w") as f:
    f.write(str(count))
if count >= 2 and os.path.exists(hold):
    open(hold + ".held", "w").close()
    while os.path.exists(hold):
        time.sleep(0.05)
answer = open(answer_file).read()
task = json.load(open(task_file))
expected = ["\n".join("".join(str(c) for c in row) for row in t["output"]) for t in task["test"]]
sys.exit(0 if all(e in answer for e in expected) else 1)
