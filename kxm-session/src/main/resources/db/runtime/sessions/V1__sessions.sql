-- The supervisor's session store, version 1 (the hand-numbered schema of builds before Flyway).
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  workspace_root TEXT NOT NULL,
  harness TEXT NOT NULL,
  model TEXT,
  created_at TEXT NOT NULL,
  last_active_at TEXT NOT NULL
) STRICT;
CREATE INDEX sessions_by_activity ON sessions (last_active_at);
CREATE TABLE runs (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id),
  prompt TEXT NOT NULL,
  status TEXT NOT NULL,
  resumed_from TEXT,
  outcome TEXT,
  error TEXT,
  final_message TEXT,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  last_hash TEXT NOT NULL
) STRICT;
CREATE INDEX runs_by_session ON runs (session_id);
CREATE INDEX runs_by_status ON runs (status);
-- seq is the store-wide order of events: assigned here, never reused.
CREATE TABLE events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL REFERENCES sessions(id),
  run_id TEXT REFERENCES runs(id),
  type TEXT NOT NULL,
  at TEXT NOT NULL,
  data TEXT NOT NULL,
  prev_hash TEXT,
  hash TEXT
) STRICT;
CREATE INDEX events_by_run ON events (run_id, seq);
CREATE INDEX events_by_session ON events (session_id, seq);
CREATE TABLE messages (
  session_id TEXT NOT NULL REFERENCES sessions(id),
  idx INTEGER NOT NULL,
  run_id TEXT REFERENCES runs(id),
  role TEXT NOT NULL,
  content TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (session_id, idx)
) STRICT;
CREATE TABLE interactions (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id),
  run_id TEXT NOT NULL REFERENCES runs(id),
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  request TEXT NOT NULL,
  answer TEXT,
  created_at TEXT NOT NULL,
  resolved_at TEXT
) STRICT;
CREATE INDEX interactions_by_run ON interactions (run_id);
CREATE TABLE run_processes (
  run_id TEXT PRIMARY KEY REFERENCES runs(id),
  pid INTEGER NOT NULL,
  process_start TEXT NOT NULL
) STRICT;
