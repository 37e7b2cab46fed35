-- The knowledge database on PostgreSQL: the same tables as the SQLite file's V1 and V2 (entries,
-- forum rounds, the evolve loop's tables), in one schema so that an attempt commits with its
-- entry. Epoch milliseconds are BIGINT, scores DOUBLE PRECISION; the full-text index (text_doc) is
-- created by PostgresTextIndex when the store opens. Seeds and attempts
-- sort by task and agent in the C collation, byte order, as SQLite sorts them.
CREATE TABLE knowledge_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Every write locks this row first (SELECT ... FOR UPDATE): writers queue, as BEGIN IMMEDIATE
-- queues them on SQLite, so work that reads before it writes never loses an update.
INSERT INTO knowledge_meta (key, value) VALUES ('write_lock', '');

CREATE TABLE knowledge (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  entry_type TEXT NOT NULL CHECK (entry_type IN ('attempt', 'insight', 'post', 'distillation')),
  source_phase TEXT NOT NULL,
  task_id TEXT NOT NULL,
  room_id TEXT,
  generation INTEGER NOT NULL,
  round INTEGER NOT NULL,
  author TEXT NOT NULL,
  parent_id TEXT REFERENCES knowledge (id),
  content TEXT NOT NULL,
  score DOUBLE PRECISION,
  created_at BIGINT NOT NULL
);

CREATE INDEX knowledge_by_task ON knowledge (task_id, seq);

CREATE INDEX knowledge_by_room ON knowledge (room_id, round, seq);

CREATE TABLE forum_round (
  room_id TEXT NOT NULL,
  round INTEGER NOT NULL,
  generation INTEGER NOT NULL,
  task_id TEXT NOT NULL,
  source_phase TEXT NOT NULL,
  participants TEXT NOT NULL,
  max_posts_per_agent INTEGER NOT NULL,
  opened_at BIGINT NOT NULL,
  closed_at BIGINT,
  close_reason TEXT,
  PRIMARY KEY (room_id, round)
);

CREATE TABLE forum_activity (
  room_id TEXT NOT NULL,
  round INTEGER NOT NULL,
  agent TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('retrieved', 'done')),
  at BIGINT NOT NULL,
  PRIMARY KEY (room_id, round, agent, kind),
  FOREIGN KEY (room_id, round) REFERENCES forum_round (room_id, round)
);

CREATE TABLE evolve_run (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  tasks_sha256 TEXT NOT NULL,
  population INTEGER NOT NULL,
  attempts_per_task INTEGER NOT NULL,
  settings_json TEXT NOT NULL,
  started_at BIGINT NOT NULL
);

CREATE TABLE evolve_generation (
  generation INTEGER PRIMARY KEY,
  tasks_json TEXT NOT NULL,
  phase TEXT NOT NULL CHECK (phase IN ('attempts', 'forum', 'distill', 'done')),
  started_at BIGINT NOT NULL,
  finished_at BIGINT
);

CREATE TABLE evolve_seed (
  attempt_key TEXT PRIMARY KEY,
  generation INTEGER NOT NULL,
  task_id TEXT COLLATE "C" NOT NULL,
  agent TEXT COLLATE "C" NOT NULL,
  attempt INTEGER NOT NULL,
  payload_json TEXT NOT NULL
);

CREATE TABLE evolve_attempt (
  attempt_key TEXT PRIMARY KEY,
  generation INTEGER NOT NULL,
  task_id TEXT COLLATE "C" NOT NULL,
  agent TEXT COLLATE "C" NOT NULL,
  attempt INTEGER NOT NULL,
  status TEXT NOT NULL,
  answer TEXT,
  score DOUBLE PRECISION,
  solved INTEGER NOT NULL,
  detail TEXT NOT NULL,
  entry_id TEXT,
  finished_at BIGINT NOT NULL
);

CREATE INDEX evolve_attempt_by_task ON evolve_attempt (task_id, generation);

CREATE TABLE evolve_task_state (
  task_id TEXT PRIMARY KEY,
  attempts INTEGER NOT NULL,
  best_score DOUBLE PRECISION,
  best_attempt TEXT,
  solved_generation INTEGER
);
