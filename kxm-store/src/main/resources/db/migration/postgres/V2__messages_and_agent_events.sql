CREATE TABLE messages (
  id               TEXT    NOT NULL PRIMARY KEY,
  project          TEXT    NOT NULL,
  from_agent_id    TEXT    NOT NULL REFERENCES agents (id),
  to_agent_id      TEXT    NOT NULL REFERENCES agents (id),
  content          TEXT    NOT NULL,
  delivery         TEXT    NOT NULL CHECK (delivery IN ('followUp', 'steer', 'nextTurn')),
  status           TEXT    NOT NULL
                   CHECK (status IN ('queued', 'delivered', 'replied', 'cancelled', 'expired')),
  created_at       BIGINT  NOT NULL,
  expires_at       BIGINT  NOT NULL,
  delivered_at     BIGINT,
  replied_at       BIGINT,
  terminal_at      BIGINT,
  reply            TEXT,
  correlation_id   TEXT,
  idempotency_key  TEXT,
  request_hash     TEXT,
  hop_count        INTEGER NOT NULL CHECK (hop_count >= 0),
  -- json, not jsonb: the text comes back exactly as the sender wrote it
  workflow_context JSON,
  -- NULL keys never collide, so only requests that carry a key are deduplicated
  UNIQUE (project, from_agent_id, idempotency_key)
);

CREATE INDEX messages_by_recipient ON messages (to_agent_id, status, created_at);
CREATE INDEX messages_open_by_expiry ON messages (expires_at) WHERE status IN ('queued', 'delivered');
CREATE INDEX messages_by_end ON messages (terminal_at) WHERE terminal_at IS NOT NULL;

-- The last number handed out per agent; kept when events are trimmed so numbers never restart.
-- A counter row, not a SEQUENCE: it is per agent, and a rolled-back append returns its number.
CREATE TABLE agent_event_seqs (
  agent_id TEXT   NOT NULL PRIMARY KEY REFERENCES agents (id),
  last_seq BIGINT NOT NULL
);

CREATE TABLE agent_events (
  agent_id TEXT   NOT NULL REFERENCES agents (id),
  seq      BIGINT NOT NULL,
  type     TEXT   NOT NULL,
  ts       BIGINT NOT NULL,
  data     JSON   NOT NULL,
  PRIMARY KEY (agent_id, seq)
);
