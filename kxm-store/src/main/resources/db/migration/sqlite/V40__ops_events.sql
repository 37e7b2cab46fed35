-- The hub's operations log: metadata of what happened (agents, messages, runs, leases, errors),
-- numbered across every project so a console follows one stream. Never a body, a key or a token.
-- One counter row hands out numbers in the appending transaction: a rollback takes its number back.
CREATE TABLE ops_event_seq (
  id       INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
  last_seq INTEGER NOT NULL
) STRICT;

CREATE TABLE ops_events (
  seq     INTEGER NOT NULL PRIMARY KEY,
  at      INTEGER NOT NULL,
  project TEXT    NOT NULL,
  kind    TEXT    NOT NULL,
  data    TEXT    NOT NULL
) STRICT;

-- The retention sweep deletes by age.
CREATE INDEX ops_events_by_time ON ops_events (at);
CREATE INDEX ops_events_by_project ON ops_events (project, seq);
