-- Several runtime instances may share this schema. A session is owned by one instance, which takes
-- its queued runs (a prompt sent to another instance is queued here for it); a running run records
-- the instance executing it, so that a survivor reconciles only a dead instance's runs. Rows from
-- before instances were recorded have neither: a session without an owner is taken by the next
-- instance that is sent a prompt for it.
ALTER TABLE sessions ADD COLUMN owner_instance TEXT;
ALTER TABLE runs ADD COLUMN instance_id TEXT;
CREATE INDEX sessions_by_owner ON sessions (owner_instance);
CREATE INDEX runs_running_by_instance ON runs (instance_id) WHERE status = 'running';
