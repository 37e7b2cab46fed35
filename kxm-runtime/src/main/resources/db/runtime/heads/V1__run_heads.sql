-- Signed heads of run logs kept in another file: the latest sequence and chain hash of each run,
-- signed with the runtime's key, so that cutting a log short in its own file shows.
CREATE TABLE heads (
  run_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  hash TEXT NOT NULL,
  key_id TEXT NOT NULL,
  signature TEXT NOT NULL
) STRICT;
