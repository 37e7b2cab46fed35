-- The evolve loop's own tables. Builds before Flyway created them when the loop first ran, so a
-- file baselined at version 1 may hold them already: IF NOT EXISTS keeps those.
CREATE TABLE IF NOT EXISTS evolve_run (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  tasks_sha256 TEXT NOT NULL,
  population INTEGER NOT NULL,
  attempts_per_task INTEGER NOT NULL,
  settings_json TEXT NOT NULL,
  started_at INTEGER NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS evolve_generation (
  generation INTEGER PRIMARY KEY,
  tasks_json TEXT NOT NULL,
  phase TEXT NOT NULL CHECK (phase IN ('attempts', 'forum', 'distill', 'done')),
  started_at INTEGER NOT NULL,
  finished_at INTEGER
) STRICT;

CREATE TABLE IF NOT EXISTS evolve_seed (
  attempt_key TEXT PRIMARY KEY,
  generation INTEGER NOT NULL,
  task_id TEXT NOT NULL,
  agent TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  payload_json TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS evolve_attempt (
  attempt_key TEXT PRIMARY KEY,
  generation INTEGER NOT NULL,
  task_id TEXT NOT NULL,
  agent TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  status TEXT NOT NULL,
  answer TEXT,
  score REAL,
  solved INTEGER NOT NULL,
  detail TEXT NOT NULL,
  entry_id TEXT,
  finished_at INTEGER NOT NULL
) STRICT;

CREATE INDEX IF NOT EXISTS evolve_attempt_by_task ON evolve_attempt (task_id, generation);

CREATE TABLE IF NOT EXISTS evolve_task_state (
  task_id TEXT PRIMARY KEY,
  attempts INTEGER NOT NULL,
  best_score REAL,
  best_attempt TEXT,
  solved_generation INTEGER
) STRICT;
