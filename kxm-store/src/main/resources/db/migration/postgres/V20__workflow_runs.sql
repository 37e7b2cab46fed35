-- Webhook workflow runs. A run is the fold of its history; the columns of workflow_runs repeat
-- what the fold says (status, stage, prompt, deadline) so that lists and sweeps need no fold.
-- Secrets never reach these tables: the definition is stored in its secret-free canonical form,
-- and webhook and signal bodies only as SHA-256.

CREATE TABLE workflow_runs (
  id                TEXT    NOT NULL PRIMARY KEY,
  project           TEXT    NOT NULL,
  workflow_id       TEXT    NOT NULL,
  coordinator       TEXT    NOT NULL,
  -- lower-cased coordinator name: agent names compare regardless of case
  coordinator_key   TEXT    NOT NULL,
  delivery_id       TEXT    NOT NULL,
  definition_hash   TEXT    NOT NULL,
  payload_hash      TEXT    NOT NULL,
  -- json, not jsonb: the canonical text comes back byte for byte, so its hash still matches
  definition        JSON    NOT NULL,
  status            TEXT    NOT NULL CHECK (status IN ('running', 'waiting', 'completed', 'failed')),
  current_stage     TEXT    NOT NULL,
  -- the number of history records; appends name the version they read
  version           INTEGER NOT NULL CHECK (version >= 1),
  prompt_message_id TEXT,
  wait_deadline     BIGINT,
  created_at        BIGINT  NOT NULL,
  updated_at        BIGINT  NOT NULL,
  finished_at       BIGINT,
  -- a sender's retry with the same X-KXM-Delivery finds the run it created
  UNIQUE (project, workflow_id, delivery_id)
);

CREATE INDEX workflow_runs_by_coordinator ON workflow_runs (project, coordinator_key, created_at);
CREATE INDEX workflow_runs_by_prompt ON workflow_runs (prompt_message_id);
CREATE INDEX workflow_runs_waiting ON workflow_runs (wait_deadline) WHERE status = 'waiting';
CREATE INDEX workflow_runs_by_end ON workflow_runs (finished_at) WHERE finished_at IS NOT NULL;

CREATE TABLE workflow_run_events (
  run_id TEXT    NOT NULL REFERENCES workflow_runs (id),
  seq    INTEGER NOT NULL CHECK (seq >= 1),
  type   TEXT    NOT NULL,
  at     BIGINT  NOT NULL,
  data   JSON    NOT NULL,
  PRIMARY KEY (run_id, seq)
);

CREATE TABLE workflow_journal (
  id          TEXT    NOT NULL PRIMARY KEY,
  run_id      TEXT    NOT NULL REFERENCES workflow_runs (id),
  project     TEXT    NOT NULL,
  stage_id    TEXT,
  attempt     INTEGER,
  category    TEXT    NOT NULL CHECK (category IN ('plan', 'decision', 'contradiction', 'error',
                'lesson', 'observation', 'hypothesis', 'experiment', 'state-change',
                'skill-candidate')),
  area        TEXT    NOT NULL CHECK (area IN ('harness', 'gates', 'implementation', 'workflow',
                'documentation', 'security', 'other')),
  severity    TEXT    NOT NULL CHECK (severity IN ('info', 'warning', 'error')),
  author      TEXT    NOT NULL,
  summary     TEXT    NOT NULL,
  details     TEXT,
  evidence    JSON    NOT NULL,
  related     JSON    NOT NULL,
  created_at  BIGINT  NOT NULL
);

CREATE INDEX workflow_journal_by_run ON workflow_journal (run_id, created_at);
CREATE INDEX workflow_journal_by_project ON workflow_journal (project, created_at);
