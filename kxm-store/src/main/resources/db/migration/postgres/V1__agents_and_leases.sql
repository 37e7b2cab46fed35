-- Times are epoch milliseconds in every table, in both dialects, so both return the same instants.

CREATE TABLE agents (
  id               TEXT   NOT NULL PRIMARY KEY,
  project          TEXT   NOT NULL,
  name             TEXT   NOT NULL,
  -- lower-cased name: names are unique per project regardless of case
  name_key         TEXT   NOT NULL,
  purpose          TEXT,
  model            TEXT,
  host             TEXT,
  -- SHA-256 of the agent key; the key itself is never stored
  key_hash         TEXT   NOT NULL,
  created_at       BIGINT NOT NULL,
  connected_at     BIGINT NOT NULL,
  last_seen_at     BIGINT NOT NULL,
  lease_expires_at BIGINT NOT NULL,
  UNIQUE (project, name_key)
);

CREATE TABLE leases (
  project       TEXT   NOT NULL,
  resource      TEXT   NOT NULL,
  holder        TEXT   NOT NULL,
  fencing_token BIGINT NOT NULL CHECK (fencing_token >= 1),
  acquired_at   BIGINT NOT NULL,
  renewed_at    BIGINT NOT NULL,
  expires_at    BIGINT NOT NULL,
  PRIMARY KEY (project, resource)
);

CREATE INDEX leases_by_expiry ON leases (expires_at);
