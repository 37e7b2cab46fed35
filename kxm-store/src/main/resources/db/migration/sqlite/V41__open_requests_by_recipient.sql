-- An agent's open requests, in the order they were sent: what every send reads for the sender
-- (its deepest hop) and every inbox read for its owner, in index order. Partial, so that it stays
-- small and a planner without statistics (a young table, autovacuum off) takes it for an equality
-- on the recipient; the query leaves the expiry to the caller, since a range on expires_at once
-- sent each send through every open request of the store (messages_open_by_expiry).
CREATE INDEX messages_open_by_recipient ON messages (to_agent_id, created_at, id)
  WHERE status IN ('queued', 'delivered');
