-- The retention sweep deletes events by age across every agent; without this it scans the table.
CREATE INDEX agent_events_by_time ON agent_events (ts);
