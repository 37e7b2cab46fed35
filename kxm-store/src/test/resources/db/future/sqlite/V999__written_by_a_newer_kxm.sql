-- Stands for a schema change a later KXM release makes; only tests apply it.
CREATE TABLE from_the_future (id INTEGER NOT NULL PRIMARY KEY) STRICT;
