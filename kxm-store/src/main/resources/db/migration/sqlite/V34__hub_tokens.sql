-- The hub's admin and project tokens as every node sees them. Only the SHA-256 of a token is kept:
-- tokens are long random strings, so a fast hash is enough, and a stolen table opens nothing.
-- A row stays after its token is revoked so that a copy of it elsewhere (another node's
-- hub-env.json) is refused and never imported again.

CREATE TABLE hub_tokens (
  token_hash TEXT    NOT NULL PRIMARY KEY,
  -- 'admin', or 'project' with the project's name in project; the admin's project is ''
  kind       TEXT    NOT NULL CHECK (kind IN ('admin', 'project')),
  project    TEXT    NOT NULL,
  -- 1 for the first token of a holder, one more at each rotation
  generation INTEGER NOT NULL CHECK (generation >= 1),
  -- 'file' when read from a node's hub-env.json, 'issued' when minted by a rotation
  origin     TEXT    NOT NULL CHECK (origin IN ('file', 'issued')),
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
) STRICT;

CREATE INDEX hub_tokens_by_holder ON hub_tokens (kind, project, revoked_at);

-- Two rotations of one holder at once compute the same generation: the second one fails and
-- changes nothing, instead of leaving the holder with two accepted tokens.
CREATE UNIQUE INDEX hub_tokens_generation ON hub_tokens (kind, project, generation);
