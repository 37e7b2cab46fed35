package io.kxm.store.agent;

import io.kxm.core.agent.Agent;
import io.kxm.core.agent.AgentKeys;
import io.kxm.core.agent.AgentLimits;
import io.kxm.core.agent.AgentRegistration;
import io.kxm.core.agent.Registered;
import io.kxm.core.check.Require;
import io.kxm.core.id.Ids;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.Row;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** {@link AgentStore} in SQL that SQLite and PostgreSQL both accept. */
public final class SqlAgentStore implements AgentStore {
  private static final String COLUMNS =
      "id, project, name, purpose, model, host, created_at, connected_at, last_seen_at,"
          + " lease_expires_at";

  private static final String LIVE = " retired_at IS NULL";

  // What a retired row's name_key becomes: '~' is in no agent name, and the id keeps it unique.
  private static final String RETIRED_NAME_KEY_PREFIX = "~retired~";

  // A value no SHA-256 hex digest equals, so no presented key matches a retired agent.
  private static final String UNUSABLE_KEY_HASH = "unusable: retired";

  // One statement, so a reconnect racing a first registration cannot create two agents.
  private static final String REGISTER =
      "INSERT INTO agents (id, project, name, name_key, purpose, model, host, key_hash,"
          + " created_at, connected_at, last_seen_at, lease_expires_at)"
          + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
          + " ON CONFLICT (project, name_key) DO UPDATE SET purpose = excluded.purpose,"
          + " model = excluded.model, host = excluded.host, key_hash = excluded.key_hash,"
          + " connected_at = excluded.connected_at, last_seen_at = excluded.last_seen_at,"
          + " lease_expires_at = excluded.lease_expires_at RETURNING "
          + COLUMNS;

  private final Jdbc jdbc;
  private final Clock clock;

  public SqlAgentStore(Jdbc jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  @Override
  public Registered register(AgentRegistration r) {
    Instant now = now();
    String newId = Ids.next("agt", clock);
    Agent agent =
        jdbc.about("register agent " + r.name() + " in project " + r.project())
            .first(
                REGISTER,
                SqlAgentStore::map,
                newId,
                r.project(),
                r.name(),
                Agent.nameKey(r.name()),
                r.purpose(),
                r.model(),
                r.host(),
                r.keyHash(),
                now,
                now,
                now,
                now.plus(r.presence()))
            .orElseThrow();
    return new Registered(agent, agent.id().equals(newId));
  }

  @Override
  public Optional<Agent> findById(String agentId) {
    return jdbc.about("read agent " + agentId)
        .first(
            "SELECT " + COLUMNS + " FROM agents WHERE id = ? AND" + LIVE,
            SqlAgentStore::map,
            agentId);
  }

  @Override
  public Optional<String> nameOf(String agentId) {
    return jdbc.about("read the name of agent " + agentId)
        .first("SELECT name FROM agents WHERE id = ?", row -> row.string("name"), agentId);
  }

  @Override
  public Optional<Agent> findByName(String project, String name) {
    return jdbc.about("find agent " + name + " in project " + project)
        .first(
            "SELECT " + COLUMNS + " FROM agents WHERE project = ? AND name_key = ? AND" + LIVE,
            SqlAgentStore::map,
            project,
            Agent.nameKey(name));
  }

  @Override
  public List<String> projects() {
    return jdbc.about("list projects with agents")
        .list(
            "SELECT DISTINCT project FROM agents WHERE" + LIVE + " ORDER BY project",
            row -> row.string("project"));
  }

  @Override
  public List<Agent> listByProject(String project) {
    return jdbc.about("list agents of project " + project)
        .list(
            "SELECT "
                + COLUMNS
                + " FROM agents WHERE project = ? AND"
                + LIVE
                + " ORDER BY name_key",
            SqlAgentStore::map,
            project);
  }

  @Override
  public Optional<Agent> renewPresence(String agentId, Duration presence) {
    Require.between(presence, AgentLimits.MIN_PRESENCE, AgentLimits.MAX_PRESENCE, "presence lease");
    Instant now = now();
    return setPresence(agentId, now, now.plus(presence), "renew presence of agent ");
  }

  @Override
  public Optional<Agent> endPresence(String agentId) {
    Instant now = now();
    return setPresence(agentId, now, now, "end presence of agent ");
  }

  @Override
  public Optional<Agent> findByKey(String agentId, String presentedKey) {
    return jdbc.about("check the key of agent " + agentId)
        .first(
            "SELECT " + COLUMNS + ", key_hash FROM agents WHERE id = ? AND" + LIVE,
            row -> new Keyed(map(row), row.string("key_hash")),
            agentId)
        .filter(keyed -> AgentKeys.matches(keyed.hash(), presentedKey))
        .map(Keyed::agent);
  }

  /** An agent read with its key's hash, which never leaves this class. */
  private record Keyed(Agent agent, String hash) {}

  @Override
  public Optional<Agent> retire(String agentId) {
    Optional<Agent> before = findById(agentId);
    if (before.isEmpty()) {
      return before;
    }
    Instant now = now();
    int changed =
        jdbc.about("retire agent " + agentId)
            .update(
                "UPDATE agents SET retired_at = ?, name_key = ?, key_hash = ?, last_seen_at = ?,"
                    + " lease_expires_at = ? WHERE id = ? AND"
                    + LIVE,
                now,
                RETIRED_NAME_KEY_PREFIX + agentId,
                UNUSABLE_KEY_HASH,
                now,
                now,
                agentId);
    return changed == 1 ? before : Optional.empty();
  }

  @Override
  public List<Agent> offlineSince(String project, Instant cutoff, int limit) {
    Require.atLeast(limit, 1, "limit");
    String where = " WHERE" + LIVE + " AND lease_expires_at < ?";
    return project == null
        ? jdbc.about("list agents offline since " + cutoff)
            .list(
                "SELECT "
                    + COLUMNS
                    + " FROM agents"
                    + where
                    + " ORDER BY lease_expires_at, id"
                    + " LIMIT ?",
                SqlAgentStore::map,
                cutoff,
                limit)
        : jdbc.about("list agents of project " + project + " offline since " + cutoff)
            .list(
                "SELECT "
                    + COLUMNS
                    + " FROM agents"
                    + where
                    + " AND project = ?"
                    + " ORDER BY lease_expires_at, id LIMIT ?",
                SqlAgentStore::map,
                cutoff,
                project,
                limit);
  }

  @Override
  public Optional<String> projectSpelledOtherwise(String project) {
    return jdbc.about("look for another spelling of project " + project)
        .first(
            "SELECT project FROM agents WHERE lower(project) = ? AND project <> ? AND"
                + LIVE
                + " LIMIT 1",
            row -> row.string("project"),
            project.toLowerCase(Locale.ROOT),
            project);
  }

  private Optional<Agent> setPresence(String agentId, Instant seen, Instant until, String what) {
    return jdbc.about(what + agentId)
        .first(
            "UPDATE agents SET last_seen_at = ?, lease_expires_at = ? WHERE id = ? AND"
                + LIVE
                + " RETURNING "
                + COLUMNS,
            SqlAgentStore::map,
            seen,
            until,
            agentId);
  }

  private Instant now() {
    return Instant.ofEpochMilli(clock.millis());
  }

  static Agent map(Row row) throws SQLException {
    return new Agent(
        row.string("id"),
        row.string("project"),
        row.string("name"),
        row.string("purpose"),
        row.string("model"),
        row.string("host"),
        row.instant("created_at"),
        row.instant("connected_at"),
        row.instant("last_seen_at"),
        row.instant("lease_expires_at"));
  }
}
