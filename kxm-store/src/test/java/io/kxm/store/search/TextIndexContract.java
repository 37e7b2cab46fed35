package io.kxm.store.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.search.SearchHit;
import io.kxm.core.search.TextIndex;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The ranking contract of {@link TextIndex}, run on SQLite and PostgreSQL over one fixed corpus:
 * both engines must answer every query with the same documents in the same order.
 */
public abstract class TextIndexContract {
  private static final String NOTES = "notes";

  protected TextIndex index;
  protected Connection connection;

  /** A connection to an empty database (or schema) that the index may create its tables in. */
  protected abstract Connection connect() throws Exception;

  protected abstract TextIndex newIndex();

  protected void cleanUp() throws Exception {}

  @BeforeEach
  void open_a_fresh_index_with_the_corpus() throws Exception {
    connection = connect();
    index = newIndex();
    try (Statement statement = connection.createStatement()) {
      for (String ddl : index.schema()) {
        statement.execute(ddl);
      }
    }
    put("d1", "Rollback the deploy after a failed check");
    put("d2", "Deploy rollback plan for the hub");
    put("n-b", "rollback notes");
    put("n-a", "rollback notes");
    put("f1", "The hub keeps messages in one database");
    put("f2", "Agents register with a project token");
    put("f3", "Workflows run stages in order");
    put("f4", "Gates check the diff before merge");
    put("f5", "Presence beats every few seconds");
    put("f6", "Leases fence shared resources");
    put("f7", "Receipts are signed with Ed25519");
    put("f8", "Runs pin their configuration revision");
    put("f9", "Webhooks carry timestamped signatures");
    put("f10", "Backups cover every store online");
    index.put(connection, "other", "x1", "deploy rollback in another collection");
  }

  @AfterEach
  void close_the_connection() throws Exception {
    connection.close();
    cleanUp();
  }

  private void put(String id, String text) throws SQLException {
    index.put(connection, NOTES, id, text);
  }

  private List<String> ids(String query) throws SQLException {
    return ids(query, 10);
  }

  private List<String> ids(String query, int limit) throws SQLException {
    return index.search(connection, NOTES, query, limit).stream().map(SearchHit::docId).toList();
  }

  @Test
  void exact_phrase_comes_first_then_relevance_then_doc_id() throws SQLException {
    List<SearchHit> hits = index.search(connection, NOTES, "deploy rollback", 10);

    assertThat(hits).extracting(SearchHit::docId).containsExactly("d2", "d1", "n-a", "n-b");
    assertThat(hits).extracting(SearchHit::exactPhrase).containsExactly(true, false, false, false);
    assertThat(hits.get(1).relevance()).isGreaterThan(hits.get(2).relevance());
    assertThat(hits.get(2).relevance()).isEqualTo(hits.get(3).relevance());
  }

  @Test
  void the_phrase_test_ignores_case_and_punctuation_but_respects_word_boundaries()
      throws SQLException {
    assertThat(index.search(connection, NOTES, "  ROLLBACK,  the DEPLOY! ", 10))
        .first()
        .isEqualTo(index.search(connection, NOTES, "rollback the deploy", 10).getFirst())
        .extracting(SearchHit::docId, SearchHit::exactPhrase)
        .containsExactly("d1", true);
    put("sub", "a concatenated catalogue");
    assertThat(index.search(connection, NOTES, "cat", 10)).isEmpty();
  }

  @Test
  void query_syntax_of_either_engine_is_plain_text() throws SQLException {
    List<String> plain = ids("deploy rollback");

    assertThat(ids("\"deploy\" OR NOT (rollback*")).containsExactlyInAnyOrderElementsOf(plain);
    assertThat(ids("deploy & !rollback | ' : * NEAR(x y)"))
        .containsExactlyInAnyOrderElementsOf(plain);
    assertThat(ids("rollback^2 -deploy")).containsExactlyInAnyOrderElementsOf(plain);
    assertThat(ids("'); DROP TABLE text_doc; --")).isEmpty();
    assertThat(ids("deploy")).containsExactly("d2", "d1");
  }

  @Test
  void a_blank_or_wordless_query_matches_nothing() throws SQLException {
    assertThat(ids("")).isEmpty();
    assertThat(ids("   \t\n")).isEmpty();
    assertThat(ids("\"\" *** ()")).isEmpty();
  }

  @Test
  void collections_do_not_see_each_other() throws SQLException {
    assertThat(ids("another collection")).isEmpty();
    assertThat(index.search(connection, "other", "deploy", 10))
        .extracting(SearchHit::docId)
        .containsExactly("x1");
    assertThat(index.search(connection, "empty", "deploy", 10)).isEmpty();
  }

  @Test
  void putting_again_replaces_the_text_and_remove_forgets_the_document() throws SQLException {
    put("d1", "Nothing about that any more");
    assertThat(ids("deploy")).containsExactly("d2");
    assertThat(ids("nothing")).containsExactly("d1");

    index.remove(connection, NOTES, "d2");
    index.remove(connection, NOTES, "never-there");

    assertThat(ids("deploy")).isEmpty();
    assertThat(ids("rollback")).containsExactly("n-a", "n-b");
  }

  @Test
  void the_limit_keeps_the_best_hits() throws SQLException {
    assertThat(ids("deploy rollback", 2)).containsExactly("d2", "d1");
    assertThat(ids("deploy rollback", 1)).containsExactly("d2");
  }

  @Test
  void words_in_other_scripts_and_digits_are_searchable() throws SQLException {
    put("u1", "Überprüfung der Größe 42");
    put("u2", "検索 テスト");

    assertThat(ids("größe")).containsExactly("u1");
    assertThat(ids("GRÖSSE 42")).containsExactly("u1");
    assertThat(ids("検索")).containsExactly("u2");
  }
}
