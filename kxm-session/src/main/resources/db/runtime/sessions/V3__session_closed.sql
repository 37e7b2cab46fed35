-- A closed session takes no new turns; only a closed session may be deleted.
ALTER TABLE sessions ADD COLUMN closed_at TEXT;
