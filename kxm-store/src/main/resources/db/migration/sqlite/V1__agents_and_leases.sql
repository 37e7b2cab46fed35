-- Times are epoch milliseconds in every table, in both dialects, so both return the same instants.

CREATE TABLE agents (
  id               TEXT    NOT NULL PRIMARY KEY,
  project          TEXT    NOT NULL,
  name             TEXT    NOT NULL,
  -- lower-cased name: names are unique per project regardless of case
  name_key         TEXT    NOT NULL,
  purpose          TEXT,
  model            TEXT,
  host             TEXT,
  -- SHA-256 of the agent key; the key itself is never stored
  key_hash         TEXT    NOT NULL,
  created_at       INTEGER NOT NULL,
  connected_at     INTEGER NOT NULL,
  last_seen_at     INTEGER NOT NULL,
  lease_expires_at INTEGER NOT NULL,
  UNIQUE (project, name_key)
) STRICT;

CREATE TABLE leases (
  project       TEXT    NOT NULL,
  resource      TEXT    NOT NULL,
  holder        TEXT    NOT NULL,
  fencing_token INTEGER NOT NULL CHECK (fencing_token >= 1),
  acquired_at   INTEGER NOT NULL,
  renewed_at    INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL,
  PRIMARY KEY (project, resource)
) STRICT;

CREATE INDEX leases_by_expiry ON leases (expires_at);
