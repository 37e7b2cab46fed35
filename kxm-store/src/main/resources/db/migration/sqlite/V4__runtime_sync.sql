-- Runtime events the hub accepted, once per project, run and sequence. The runtime cut each one
-- down to its sync allowlist before sending, so data holds ids, statuses, counts and hashes only.
-- workflow_id and status repeat what data says so that run lists need no JSON functions.

CREATE TABLE sync_events (
  project      TEXT    NOT NULL,
  run_id       TEXT    NOT NULL,
  sequence     INTEGER NOT NULL CHECK (sequence >= 1),
  type         TEXT    NOT NULL,
  at           INTEGER NOT NULL,
  data         TEXT    NOT NULL,
  -- SHA-256 of type, at and data in canonical form: a resend must match it to count as the same
  content_hash TEXT    NOT NULL,
  workflow_id  TEXT,
  status       TEXT,
  runtime_id   TEXT    NOT NULL,
  received_at  INTEGER NOT NULL,
  PRIMARY KEY (project, run_id, sequence)
) STRICT;

CREATE INDEX sync_events_by_time ON sync_events (project, at);

-- The last time each runtime pushed for a project.
CREATE TABLE runtime_presence (
  project      TEXT    NOT NULL,
  runtime_id   TEXT    NOT NULL,
  last_seen_at INTEGER NOT NULL,
  PRIMARY KEY (project, runtime_id)
) STRICT;
