-- Where clients reach the supervisor; every version 1 row is loopback.
ALTER TABLE supervisor ADD COLUMN host TEXT NOT NULL DEFAULT '127.0.0.1';
