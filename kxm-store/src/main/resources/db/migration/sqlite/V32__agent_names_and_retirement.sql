-- Retired agents stay as a row, so the requests they sent or received still name them, but
-- nothing finds them any more: retire frees the name (name_key gets a form no name can take),
-- sets the key hash to a value no key hashes to, and stamps retired_at.
ALTER TABLE agents ADD COLUMN retired_at INTEGER;

CREATE INDEX agents_by_lease_end ON agents (lease_expires_at) WHERE retired_at IS NULL;

-- Names the hub keeps for its own agents. A client could register them before they were
-- reserved, and then held the hub's agent key: the row keeps its id (runs and requests point at
-- it), takes the hub's spelling back, and its key stops working. No client key hashes to this
-- value; the hub never needs the key of its own agents.
UPDATE agents
   SET name = 'kxm-workflows', key_hash = 'unusable: reserved for the hub (V32)'
 WHERE name_key = 'kxm-workflows';
