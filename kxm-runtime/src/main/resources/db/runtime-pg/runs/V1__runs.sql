-- Every project's runs in one schema, so that runtime instances sharing the database share them.
-- Rows are keyed by (project_key, run_id); times are kept as the text the event hashes cover, so
-- they read back exactly, with a millisecond column beside those that order rows.
CREATE TABLE runs (
  project_key TEXT NOT NULL,
  run_id TEXT NOT NULL,
  created_no BIGINT GENERATED ALWAYS AS IDENTITY,
  workflow_id TEXT NOT NULL,
  prompt_sha256 TEXT NOT NULL,
  rev_bundle TEXT NOT NULL,
  rev_memory TEXT NOT NULL,
  rev_executor_policy TEXT NOT NULL,
  rev_tool_policy TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (project_key, run_id)
);
CREATE INDEX runs_created ON runs(project_key, created_no);
CREATE TABLE events (
  project_key TEXT NOT NULL,
  run_id TEXT NOT NULL,
  seq BIGINT NOT NULL CHECK (seq >= 1),
  type TEXT NOT NULL,
  at TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  body TEXT NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY (project_key, run_id, seq),
  FOREIGN KEY (project_key, run_id) REFERENCES runs(project_key, run_id)
);
CREATE TABLE run_plans (
  project_key TEXT NOT NULL,
  run_id TEXT NOT NULL,
  plan_sha256 TEXT NOT NULL,
  plan TEXT NOT NULL,
  PRIMARY KEY (project_key, run_id),
  FOREIGN KEY (project_key, run_id) REFERENCES runs(project_key, run_id)
);
CREATE TABLE run_state (
  project_key TEXT NOT NULL,
  run_id TEXT NOT NULL,
  status TEXT NOT NULL,
  last_seq BIGINT NOT NULL,
  last_hash TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (project_key, run_id),
  FOREIGN KEY (project_key, run_id) REFERENCES runs(project_key, run_id)
);
CREATE TABLE attempt_capabilities (
  project_key TEXT NOT NULL,
  attempt_id TEXT NOT NULL,
  run_id TEXT NOT NULL,
  step_id TEXT NOT NULL,
  assignment_id TEXT NOT NULL,
  secret_sha256 TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (project_key, attempt_id),
  FOREIGN KEY (project_key, run_id) REFERENCES runs(project_key, run_id)
);
CREATE INDEX attempt_capabilities_run ON attempt_capabilities(project_key, run_id);
CREATE TABLE gate_evidence (
  project_key TEXT NOT NULL,
  observation_id TEXT NOT NULL,
  run_id TEXT NOT NULL,
  step_id TEXT NOT NULL,
  attempt_id TEXT NOT NULL,
  gate_id TEXT NOT NULL,
  outcome TEXT NOT NULL,
  exit_code INTEGER,
  stdout_sha256 TEXT,
  stdout_bytes BIGINT,
  stderr_sha256 TEXT,
  stderr_bytes BIGINT,
  observed_at TEXT NOT NULL,
  row_sha256 TEXT NOT NULL,
  PRIMARY KEY (project_key, observation_id),
  FOREIGN KEY (project_key, run_id) REFERENCES runs(project_key, run_id)
);
CREATE INDEX gate_evidence_run ON gate_evidence(project_key, run_id);
CREATE TABLE drive_receipts (
  project_key TEXT NOT NULL,
  receipt_id TEXT NOT NULL,
  receipt_no BIGINT GENERATED ALWAYS AS IDENTITY,
  run_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  run_status TEXT NOT NULL,
  head_seq BIGINT NOT NULL,
  head_hash TEXT NOT NULL,
  issued_at TEXT NOT NULL,
  issued_ms BIGINT NOT NULL,
  key_id TEXT NOT NULL,
  signature TEXT NOT NULL,
  PRIMARY KEY (project_key, receipt_id),
  FOREIGN KEY (project_key, run_id) REFERENCES runs(project_key, run_id)
);
CREATE INDEX drive_receipts_run ON drive_receipts(project_key, run_id, head_seq);
CREATE TABLE outbox (
  row_id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_key TEXT NOT NULL,
  run_id TEXT NOT NULL,
  seq BIGINT NOT NULL,
  type TEXT NOT NULL,
  at TEXT NOT NULL,
  data TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'acknowledged', 'parked')),
  code TEXT,
  message TEXT,
  FOREIGN KEY (project_key, run_id) REFERENCES runs(project_key, run_id)
);
CREATE INDEX outbox_state ON outbox(project_key, state, row_id);
CREATE INDEX outbox_run ON outbox(project_key, run_id, state);
-- Signed heads, apart from the projection: each row is signed with the runtime's receipt key, so
-- whoever rewrites events and run_state together still cannot move a head back. No foreign key: a
-- head outlives nothing, the purge deletes it with its run.
CREATE TABLE run_heads (
  project_key TEXT NOT NULL,
  run_id TEXT NOT NULL,
  seq BIGINT NOT NULL,
  hash TEXT NOT NULL,
  key_id TEXT NOT NULL,
  signature TEXT NOT NULL,
  PRIMARY KEY (project_key, run_id)
);
