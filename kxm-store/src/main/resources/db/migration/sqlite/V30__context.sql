-- Context items and state proposals. Summaries are pattern-redacted before they get here.
-- valid_to is when an item stopped holding (superseded, rejected) or will expire; retention
-- deletes items whose valid_to lies further back than the window.

CREATE TABLE context_items (
  id           TEXT    NOT NULL PRIMARY KEY,
  project      TEXT    NOT NULL,
  kind         TEXT    NOT NULL CHECK (kind IN ('evidence', 'state', 'episode', 'knowledge',
                 'skill')),
  state_key    TEXT,
  summary      TEXT    NOT NULL,
  origin       TEXT    NOT NULL CHECK (origin IN ('human', 'workflow', 'git', 'peer', 'tool',
                 'external', 'derived')),
  authority    TEXT    NOT NULL CHECK (authority IN ('policy', 'instruction', 'evidence',
                 'hypothesis')),
  confidence   TEXT    NOT NULL CHECK (confidence IN ('verified', 'probable', 'uncertain')),
  validity     TEXT    NOT NULL CHECK (validity IN ('current', 'superseded', 'rejected',
                 'expired')),
  source_refs  TEXT    NOT NULL,
  derived_from TEXT    NOT NULL,
  created_by   TEXT    NOT NULL,
  created_at   INTEGER NOT NULL,
  valid_from   INTEGER NOT NULL,
  valid_to     INTEGER,
  CHECK ((kind = 'state') = (state_key IS NOT NULL))
) STRICT;

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
  evidence_refs TEXT    NOT NULL,
  proposed_by   TEXT    NOT NULL,
  origin        TEXT    NOT NULL,
  status        TEXT    NOT NULL CHECK (status IN ('pending', 'promoted', 'rejected')),
  decided_by    TEXT,
  decided_at    INTEGER,
  item_id       TEXT,
  created_at    INTEGER NOT NULL,
  version       INTEGER NOT NULL CHECK (version >= 1)
) STRICT;

CREATE INDEX context_proposals_by_project ON context_proposals (project, status, created_at);

-- The shared full-text index (io.kxm.core.search.SqliteTextIndex); context items live in the
-- collection "context/<project>". IF NOT EXISTS: other features create the same tables.
CREATE TABLE IF NOT EXISTS text_doc (
  id INTEGER PRIMARY KEY,
  collection TEXT NOT NULL,
  doc_id TEXT NOT NULL,
  terms TEXT NOT NULL,
  UNIQUE (collection, doc_id)) STRICT;

CREATE VIRTUAL TABLE IF NOT EXISTS text_doc_fts USING fts5(
  terms, content='text_doc', content_rowid='id',
  tokenize='unicode61 remove_diacritics 0');
