-- The highest event seq of each session that the retention purge deleted: a client resuming the
-- session's stream from below it missed events and is told so (cursor_expired).
ALTER TABLE sessions ADD COLUMN purged_through INTEGER NOT NULL DEFAULT 0;
