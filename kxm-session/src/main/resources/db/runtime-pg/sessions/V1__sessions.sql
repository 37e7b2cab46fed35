-- The supervisor's session store on PostgreSQL, the same tables as the SQLite file.
-- Times are fixed-width UTC text with nanoseconds (as on SQLite), compared in the "C" collation so
-- that text order is time order: an event read back is exactly the one published live, which a
-- timestamptz (microseconds) would not give. Event data is the JSON text the store wrote, kept as
-- text because the hash chain and the encoded replay cover it byte for byte.
-- rowid is the insertion order, as SQLite's implicit rowid, which the shared queries order by.
CREATE TABLE sessions (
  rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
  id TEXT PRIMARY KEY,
  workspace_root TEXT NOT NULL,
  harness TEXT NOT NULL,
  model TEXT,
  created_at TEXT COLLATE "C" NOT NULL,
  last_active_at TEXT COLLATE "C" NOT NULL,
  closed_at TEXT COLLATE "C",
  -- the highest event seq of the session that the retention purge deleted
  purged_through BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX sessions_by_activity ON sessions (last_active_at);
CREATE TABLE runs (
  rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id),
  prompt TEXT NOT NULL,
  status TEXT NOT NULL,
  resumed_from TEXT,
  outcome TEXT,
  error TEXT,
  final_message TEXT,
  created_at TEXT COLLATE "C" NOT NULL,
  started_at TEXT COLLATE "C",
  finished_at TEXT COLLATE "C",
  last_hash TEXT NOT NULL
);
CREATE INDEX runs_by_session ON runs (session_id);
CREATE INDEX runs_by_status ON runs (status);
-- One session runs one turn at a time. The writer checks it under the seq lock; this index is the
-- backstop should a bug ever get past the check.
CREATE UNIQUE INDEX runs_one_running_per_session ON runs (session_id) WHERE status = 'running';
-- seq is the store-wide order of events, given by the writer from event_seq, never reused.
CREATE TABLE events (
  seq BIGINT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id),
  run_id TEXT REFERENCES runs(id),
  type TEXT NOT NULL,
  at TEXT COLLATE "C" NOT NULL,
  data TEXT NOT NULL,
  prev_hash TEXT,
  hash TEXT
);
CREATE INDEX events_by_run ON events (run_id, seq);
CREATE INDEX events_by_session ON events (session_id, seq);
-- The last seq given. Every write transaction locks this one row until it commits, so seqs have
-- no gaps, commit in order, and every writer on the schema takes its turn.
CREATE TABLE event_seq (
  only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
  last_seq BIGINT NOT NULL
);
INSERT INTO event_seq (last_seq) VALUES (0);
CREATE TABLE messages (
  session_id TEXT NOT NULL REFERENCES sessions(id),
  idx BIGINT NOT NULL,
  run_id TEXT REFERENCES runs(id),
  role TEXT NOT NULL,
  content TEXT NOT NULL,
  at TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (session_id, idx)
);
CREATE INDEX messages_by_run ON messages (run_id);
CREATE TABLE interactions (
  rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id),
  run_id TEXT NOT NULL REFERENCES runs(id),
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  request TEXT NOT NULL,
  answer TEXT,
  created_at TEXT COLLATE "C" NOT NULL,
  resolved_at TEXT COLLATE "C"
);
CREATE INDEX interactions_by_run ON interactions (run_id);
CREATE TABLE run_processes (
  run_id TEXT PRIMARY KEY REFERENCES runs(id),
  pid BIGINT NOT NULL,
  process_start TEXT NOT NULL
);
-- Session runs sync to the hub their project is bound to: one row per lifecycle step of a run,
-- written in the transaction that moved it, under the key of the project holding the workspace.
CREATE TABLE sync_outbox (
  row_id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_key TEXT NOT NULL,
  run_id TEXT NOT NULL REFERENCES runs(id),
  sequence BIGINT NOT NULL,
  type TEXT NOT NULL,
  at TEXT COLLATE "C" NOT NULL,
  data TEXT NOT NULL,
  -- pending until the hub answers; acknowledged, or parked when the hub durably refused it
  state TEXT NOT NULL DEFAULT 'pending',
  park_code TEXT,
  park_message TEXT,
  UNIQUE (run_id, sequence)
);
CREATE INDEX sync_outbox_by_project ON sync_outbox (project_key, state, row_id);
