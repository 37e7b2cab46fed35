package io.kxm.store.token;

import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.Row;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** {@link HubTokenStore} in SQL that SQLite and PostgreSQL both accept. */
public final class SqlHubTokenStore implements HubTokenStore {
  private static final String COLUMNS =
      "token_hash, kind, project, generation, origin, created_at, revoked_at";
  private static final String INSERT =
      "INSERT INTO hub_tokens (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)";
  // Any conflict: a known hash stays as it is, and a raced generation means another node wrote.
  private static final String INSERT_IF_ABSENT = INSERT + " ON CONFLICT DO NOTHING";
  private static final String NEXT_GENERATION =
      "SELECT COALESCE(MAX(generation), 0) + 1 AS next FROM hub_tokens WHERE kind = ? AND project"
          + " = ?";

  private final Jdbc jdbc;
  private final Clock clock;

  public SqlHubTokenStore(Jdbc jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  @Override
  public Optional<StoredToken> find(String hash) {
    return jdbc.about("look up a token hash")
        .first(
            "SELECT " + COLUMNS + " FROM hub_tokens WHERE token_hash = ?",
            SqlHubTokenStore::row,
            hash);
  }

  @Override
  public boolean importIfAbsent(String hash, Optional<String> project) {
    Jdbc on = jdbc.about("import a token of " + holder(project));
    return insert(on, INSERT_IF_ABSENT, hash, project, nextGeneration(on, project), "file", null)
        == 1;
  }

  @Override
  public StoredToken rotate(
      Optional<String> project, String newHash, Collection<String> alsoRevoke) {
    Jdbc on = jdbc.about("rotate the token of " + holder(project));
    long now = clock.millis();
    revokeAll(on, project, alsoRevoke, now);
    long generation = nextGeneration(on, project);
    insert(on, INSERT, newHash, project, generation, "issued", null);
    return find(newHash).orElseThrow();
  }

  @Override
  public int revoke(Optional<String> project, Collection<String> alsoRevoke) {
    return revokeAll(
        jdbc.about("revoke the token of " + holder(project)), project, alsoRevoke, clock.millis());
  }

  @Override
  public boolean hasActive(Optional<String> project) {
    return jdbc.about("check the token of " + holder(project))
        .first(
            "SELECT 1 AS found FROM hub_tokens WHERE kind = ? AND project = ?"
                + " AND revoked_at IS NULL LIMIT 1",
            row -> true,
            kind(project),
            project.orElse(""))
        .isPresent();
  }

  @Override
  public List<StoredToken> activeProjectTokens() {
    return jdbc.about("list project tokens")
        .list(
            "SELECT "
                + COLUMNS
                + " FROM hub_tokens WHERE kind = 'project' AND revoked_at IS NULL"
                + " ORDER BY project, created_at, token_hash",
            SqlHubTokenStore::row);
  }

  private int revokeAll(Jdbc on, Optional<String> project, Collection<String> also, long now) {
    int revoked =
        on.update(
            "UPDATE hub_tokens SET revoked_at = ? WHERE kind = ? AND project = ?"
                + " AND revoked_at IS NULL",
            now,
            kind(project),
            project.orElse(""));
    for (String hash : also) {
      // A copy from a credentials file may belong to nobody yet: it is refused from now on.
      revoked +=
          on.update(
              "UPDATE hub_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
              now,
              hash);
      insert(on, INSERT_IF_ABSENT, hash, project, nextGeneration(on, project), "file", now);
    }
    return revoked;
  }

  private int insert(
      Jdbc on,
      String sql,
      String hash,
      Optional<String> project,
      long generation,
      String origin,
      Long revokedAt) {
    return on.update(
        sql,
        hash,
        kind(project),
        project.orElse(""),
        generation,
        origin,
        clock.millis(),
        revokedAt);
  }

  private static long nextGeneration(Jdbc on, Optional<String> project) {
    return on.first(
            NEXT_GENERATION, row -> row.longValue("next"), kind(project), project.orElse(""))
        .orElse(1L);
  }

  private static String kind(Optional<String> project) {
    return project.isPresent() ? "project" : "admin";
  }

  private static String holder(Optional<String> project) {
    return project.map(p -> "project " + p).orElse("the admin");
  }

  private static StoredToken row(Row row) throws SQLException {
    String project = row.string("project");
    return new StoredToken(
        row.string("token_hash"),
        "project".equals(row.string("kind")) ? Optional.of(project) : Optional.empty(),
        row.longValue("generation"),
        row.string("origin"),
        row.instant("created_at"),
        row.nullableInstant("revoked_at"));
  }
}
