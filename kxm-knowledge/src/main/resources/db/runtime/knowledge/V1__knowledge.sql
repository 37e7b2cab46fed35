-- The knowledge database: entries (attempts, insights, forum posts, distillations) and the state
-- of forum rounds. The evolve loop's tables follow in V2.
CREATE TABLE knowledge_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE knowledge (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
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
  score REAL,
  created_at INTEGER NOT NULL
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
  opened_at INTEGER NOT NULL,
  closed_at INTEGER,
  close_reason TEXT,
  PRIMARY KEY (room_id, round)
);

CREATE TABLE forum_activity (
  room_id TEXT NOT NULL,
  round INTEGER NOT NULL,
  agent TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('retrieved', 'done')),
  at INTEGER NOT NULL,
  PRIMARY KEY (room_id, round, agent, kind),
  FOREIGN KEY (room_id, round) REFERENCES forum_round (room_id, round)
);
