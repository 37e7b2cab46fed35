CREATE TABLE messages (
  id               TEXT    NOT NULL PRIMARY KEY,
  project          TEXT    NOT NULL,
  from_agent_id    TEXT    NOT NULL REFERENCES agents (id),
  to_agent_id      TEXT    NOT NULL REFERENCES agents (id),
  content          TEXT    NOT NULL,
  delivery         TEXT    NOT NULL CHECK (delivery IN ('followUp', 'steer', 'nextTurn')),
  status           TEXT    NOT NULL
                   CHECK (status IN ('queued', 'delivered', 'replied', 'cancelled', 'expired')),
  created_at       INTEGER NOT NULL,
  expires_at       INTEGER NOT NULL,
  delivered_at     INTEGER,
  replied_at       INTEGER,
  terminal_at      INTEGER,
  reply            TEXT,
  correlation_id   TEXT,
  idempotency_key  TEXT,
  request_hash     TEXT,
  hop_count        INTEGER NOT NULL CHECK (hop_count >= 0),
  workflow_context TEXT,
  -- NULL keys never collide, so only requests that carry a key are deduplicated
  UNIQUE (project, from_agent_id, idempotency_key)
) STRICT;

CREATE INDEX messages_by_recipient ON messages (to_agent_id, status, created_at);
CREATE INDEX messages_open_by_expiry ON messages (expires_at) WHERE status IN ('queued', 'delivered');
CREATE INDEX messages_by_end ON messages (terminal_at) WHERE terminal_at IS NOT NULL;

-- The last number handed out per agent; kept when events are trimmed so numbers never restart.
CREATE TABLE agent_event_seqs (
  agent_id TEXT    NOT NULL PRIMARY KEY REFERENCES agents (id),
  last_seq INTEGER NOT NULL
) STRICT;

CREATE TABLE agent_events (
  agent_id TEXT    NOT NULL REFERENCES agents (id),
  seq      INTEGER NOT NULL,
  type     TEXT    NOT NULL,
  ts       INTEGER NOT NULL,
  data     TEXT    NOT NULL,
  PRIMARY KEY (agent_id, seq)
) STRICT, WITHOUT ROWID;
