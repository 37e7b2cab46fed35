-- The courtesy rate limit on sends: one token bucket per sending agent, kept as the moment
-- (epoch microseconds) it would be full again. A moment already past means a full bucket.
CREATE TABLE send_rates (
  agent_id TEXT   NOT NULL PRIMARY KEY REFERENCES agents (id),
  full_at  BIGINT NOT NULL
);
