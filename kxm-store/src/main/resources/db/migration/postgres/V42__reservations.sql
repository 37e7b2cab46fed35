-- Paths of a project's repository that agents reserve. A row outlives its reservation for a week,
-- so a commit carrying an ended reservation's token can be told it was superseded.
CREATE TABLE reservations (
  id            TEXT    PRIMARY KEY,
  project       TEXT    NOT NULL,
  holder        TEXT    NOT NULL,
  holder_name   TEXT    NOT NULL,
  globs         TEXT    NOT NULL, -- one glob per line; globs hold no control characters
  mode          TEXT    NOT NULL CHECK (mode IN ('exclusive', 'shared')),
  reason        TEXT,
  fencing_token BIGINT NOT NULL CHECK (fencing_token >= 1),
  created_at    BIGINT NOT NULL,
  expires_at    BIGINT NOT NULL,
  ended_at      BIGINT,
  UNIQUE (project, fencing_token)
);

-- What every reserve and every hook reads: the project's reservations not yet released.
CREATE INDEX reservations_open_by_project ON reservations (project, expires_at)
  WHERE ended_at IS NULL;

CREATE INDEX reservations_by_expiry ON reservations (expires_at);

-- The last fencing token handed out in each project. Taking the next one locks the project's row
-- until the transaction ends, so two hub nodes cannot both find a path free and both reserve it.
CREATE TABLE reservation_tokens (
  project    TEXT    PRIMARY KEY,
  last_token BIGINT NOT NULL
);
