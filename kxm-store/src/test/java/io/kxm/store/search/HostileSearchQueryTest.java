package io.kxm.store.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.search.SearchHit;
import io.kxm.core.search.SqliteTextIndex;
import io.kxm.testkit.hostile.Hostile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Generated query text through the SQLite FTS5 index: whatever the query holds (FTS5 operators,
 * quotes, column filters, NUL, lone surrogates), the search answers hits of the collection and
 * never throws.
 */
class HostileSearchQueryTest {
  private static final String[] SYNTAX = {
    "\"",
    "'",
    "*",
    "^",
    "-",
    "+",
    "(",
    ")",
    ":",
    "NEAR",
    "NEAR(",
    "AND",
    "OR",
    "NOT",
    "terms:",
    "{terms}",
    "deploy",
    "rollback",
    " ",
    "\u0000",
    "\ud800",
    "\\",
    "%",
    "_",
    ";",
    "--",
    "/*"
  };
  private static final Set<String> IDS = Set.of("d1", "d2", "d3");
  private static Path dir;
  private static Connection connection;
  private static final SqliteTextIndex INDEX = new SqliteTextIndex();

  @BeforeContainer
  static void open() throws Exception {
    dir = Files.createTempDirectory("kxm-hostile-search");
    connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("index.db"));
    try (Statement statement = connection.createStatement()) {
      for (String ddl : INDEX.schema()) {
        statement.execute(ddl);
      }
    }
    INDEX.put(connection, "c", "d1", "Rollback the deploy after a failed check");
    INDEX.put(connection, "c", "d2", "NEAR the terms: \"quoted\" AND OR NOT *");
    INDEX.put(connection, "c", "d3", "検索 Größe 42");
  }

  @AfterContainer
  static void close() throws Exception {
    connection.close();
    Files.deleteIfExists(dir.resolve("index.db"));
    Files.deleteIfExists(dir);
  }

  @Property(tries = Hostile.TRIES / 2)
  void any_query_answers_hits_of_the_collection_and_never_throws(@ForAll("queries") String query)
      throws SQLException {
    List<SearchHit> hits = INDEX.search(connection, "c", query, 5);

    assertThat(hits).hasSizeLessThanOrEqualTo(3);
    assertThat(hits).extracting(SearchHit::docId).allMatch(IDS::contains);
  }

  @Provide
  Arbitrary<String> queries() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(200),
        Arbitraries.of(SYNTAX).list().ofMaxSize(20).map(parts -> String.join("", parts)));
  }
}
