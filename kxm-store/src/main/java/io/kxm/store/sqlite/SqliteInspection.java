package io.kxm.store.sqlite;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a read-only look at a SQLite file found, for checks and backups that must not change it.
 *
 * @param integrity {@code PRAGMA integrity_check}'s answer: {@code "ok"}, or its first problems
 * @param userVersion the file's {@code user_version} (the schema marker of runtime files)
 * @param flywayVersion the newest successful version in Flyway's history table, when it has one
 * @param rowCounts the rows of each table, by table name in name order
 */
public record SqliteInspection(
    String integrity,
    int userVersion,
    Optional<Integer> flywayVersion,
    Map<String, Long> rowCounts) {
  public SqliteInspection {
    rowCounts = Collections.unmodifiableMap(new TreeMap<>(rowCounts));
  }

  public boolean intact() {
    return "ok".equals(integrity);
  }
}
