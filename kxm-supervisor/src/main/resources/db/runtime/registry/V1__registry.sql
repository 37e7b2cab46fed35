-- The machine registry, version 1: the supervisor row, the projects it hosts and which project
-- each run belongs to.
CREATE TABLE supervisor (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  runtime_id TEXT NOT NULL,
  pid INTEGER NOT NULL,
  port INTEGER NOT NULL,
  token_sha256 TEXT NOT NULL,
  started_at TEXT NOT NULL,
  heartbeat_at TEXT NOT NULL,
  state TEXT NOT NULL
) STRICT;

CREATE TABLE projects (
  project_key TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  canonical_root TEXT NOT NULL UNIQUE,
  home_runtime TEXT NOT NULL,
  registered_at TEXT NOT NULL
) STRICT;

CREATE TABLE runs (
  run_id TEXT PRIMARY KEY,
  project_key TEXT NOT NULL REFERENCES projects (project_key)
) STRICT;
