-- Context items and state proposals. Summaries are pattern-redacted before they get here.
-- valid_to is when an item stopped holding (superseded, rejected) or will expire; retention
-- deletes items whose valid_to lies further back than the window.

CREATE TABLE context_items (
  id           TEXT   NOT NULL PRIMARY KEY,
  project      TEXT   NOT NULL,
  kind         TEXT   NOT NULL CHECK (kind IN ('evidence', 'state', 'episode', 'knowledge',
                 'skill')),
  state_key    TEXT,
  summary      TEXT   NOT NULL,
  origin       TEXT   NOT NULL CHECK (origin IN ('human', 'workflow', 'git', 'peer', 'tool',
                 'external', 'derived')),
  authority    TEXT   NOT NULL CHECK (authority IN ('policy', 'instruction', 'evidence',
                 'hypothesis')),
  confidence   TEXT   NOT NULL CHECK (confidence IN ('verified', 'probable', 'uncertain')),
  validity     TEXT   NOT NULL CHECK (validity IN ('current', 'superseded', 'rejected',
                 'expired')),
  source_refs  JSON   NOT NULL,
  derived_from JSON   NOT NULL,
  created_by   TEXT   NOT NULL,
  created_at   BIGINT NOT NULL,
  valid_from   BIGINT NOT NULL,
  valid_to     BIGINT,
  CHECK ((kind = 'state') = (state_key IS NOT NULL))
);

CREATE INDEX context_items_by_project ON context_items (project, validity, created_at);
CREATE INDEX context_items_by_key ON context_items (project, state_key, valid_from)
  WHERE state_key IS NOT NULL;
CREATE INDEX context_items_by_end ON context_items (valid_to) WHERE valid_to IS NOT NULL;

CREATE TABLE context_proposals (
  id            TEXT    NOT NULL PRIMARY KEY,
  project       TEXT    NOT NULL,
  state_key     TEXT    NOT NULL,
  summary       TEXT    NOT NULL,
  authority     TEXT    NOT NULL,
  confidence    TEXT    NOT NULL,
  evidence_refs JSON    NOT NULL,
  proposed_by   TEXT    NOT NULL,
  origin        TEXT    NOT NULL,
  status        TEXT    NOT NULL CHECK (status IN ('pending', 'promoted', 'rejected')),
  decided_by    TEXT,
  decided_at    BIGINT,
  item_id       TEXT,
  created_at    BIGINT  NOT NULL,
  version       INTEGER NOT NULL CHECK (version >= 1)
);

CREATE INDEX context_proposals_by_project ON context_proposals (project, status, created_at);

-- The shared full-text index (io.kxm.core.search.PostgresTextIndex); context items live in the
-- collection "context/<project>". IF NOT EXISTS: other features create the same tables.
CREATE TABLE IF NOT EXISTS text_doc (
  collection TEXT NOT NULL,
  doc_id TEXT COLLATE "C" NOT NULL,
  words TEXT NOT NULL,
  terms TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', words)) STORED,
  PRIMARY KEY (collection, doc_id));

CREATE INDEX IF NOT EXISTS text_doc_terms ON text_doc USING GIN (terms);
