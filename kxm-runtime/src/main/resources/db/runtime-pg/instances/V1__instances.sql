-- The runtime instances that share one database. An instance is alive while its lease holds;
-- once the lease lapsed, one survivor claims it (state 'reconciled') and ends what it ran.
CREATE TABLE runtime_instances (
  instance_id    TEXT PRIMARY KEY,
  url            TEXT NOT NULL,
  host           TEXT NOT NULL,
  pid            BIGINT NOT NULL,
  started_at     BIGINT NOT NULL,
  lease_until    BIGINT NOT NULL,
  state          TEXT NOT NULL CHECK (state IN ('live', 'left', 'reconciled')),
  reconciled_by  TEXT,
  ended_at       BIGINT
);

CREATE INDEX runtime_instances_live ON runtime_instances (lease_until) WHERE state = 'live';
