-- Session runs sync to the hub their project is bound to, as run events do. One row per lifecycle
-- step of a run, written in the transaction that moved it, under the key of the project whose .kxm/
-- holds the session's workspace (rows of a workspace outside any project are never written).
CREATE TABLE sync_outbox (
  row_id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_key TEXT NOT NULL,
  run_id TEXT NOT NULL REFERENCES runs(id),
  sequence INTEGER NOT NULL,
  type TEXT NOT NULL,
  at TEXT NOT NULL,
  data TEXT NOT NULL,
  -- pending until the hub answers; acknowledged, or parked when the hub durably refused it
  state TEXT NOT NULL DEFAULT 'pending',
  park_code TEXT,
  park_message TEXT,
  UNIQUE (run_id, sequence)
) STRICT;
CREATE INDEX sync_outbox_by_project ON sync_outbox (project_key, state, row_id);
