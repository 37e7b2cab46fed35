-- The per-project run event store, version 1 (the hand-numbered schema of builds before Flyway).
CREATE TABLE runs (
  run_id TEXT PRIMARY KEY,
  workflow_id TEXT NOT NULL,
  prompt_sha256 TEXT NOT NULL,
  rev_bundle TEXT NOT NULL,
  rev_memory TEXT NOT NULL,
  rev_executor_policy TEXT NOT NULL,
  rev_tool_policy TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE TABLE events (
  run_id TEXT NOT NULL REFERENCES runs(run_id),
  seq INTEGER NOT NULL,
  type TEXT NOT NULL,
  at TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  body TEXT NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
) STRICT;
CREATE TABLE run_plans (
  run_id TEXT PRIMARY KEY REFERENCES runs(run_id),
  plan_sha256 TEXT NOT NULL,
  plan TEXT NOT NULL
) STRICT;
CREATE TABLE run_state (
  run_id TEXT PRIMARY KEY REFERENCES runs(run_id),
  status TEXT NOT NULL,
  last_seq INTEGER NOT NULL,
  last_hash TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE TABLE attempt_capabilities (
  attempt_id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs(run_id),
  step_id TEXT NOT NULL,
  assignment_id TEXT NOT NULL,
  secret_sha256 TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE TABLE gate_evidence (
  observation_id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs(run_id),
  step_id TEXT NOT NULL,
  attempt_id TEXT NOT NULL,
  gate_id TEXT NOT NULL,
  outcome TEXT NOT NULL,
  exit_code INTEGER,
  stdout_sha256 TEXT,
  stdout_bytes INTEGER,
  stderr_sha256 TEXT,
  stderr_bytes INTEGER,
  observed_at TEXT NOT NULL,
  row_sha256 TEXT NOT NULL
) STRICT;
CREATE TABLE drive_receipts (
  receipt_id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs(run_id),
  kind TEXT NOT NULL,
  run_status TEXT NOT NULL,
  head_seq INTEGER NOT NULL,
  head_hash TEXT NOT NULL,
  issued_at TEXT NOT NULL,
  key_id TEXT NOT NULL,
  signature TEXT NOT NULL
) STRICT;
CREATE INDEX drive_receipts_run ON drive_receipts(run_id, issued_at);
CREATE TABLE outbox (
  row_id INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs(run_id),
  seq INTEGER NOT NULL,
  type TEXT NOT NULL,
  at TEXT NOT NULL,
  data TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'acknowledged', 'parked')),
  code TEXT,
  message TEXT
) STRICT;
CREATE INDEX outbox_state ON outbox(state, row_id);
