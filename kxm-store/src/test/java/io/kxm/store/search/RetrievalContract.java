package io.kxm.store.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.search.EmbeddingSettings;
import io.kxm.core.search.OpenAiEmbeddings;
import io.kxm.core.search.Retrieval;
import io.kxm.core.search.RetrievalAnswer;
import io.kxm.core.search.RetrievalMode;
import io.kxm.core.search.SearchHit;
import io.kxm.core.search.TextIndex;
import io.kxm.core.search.VectorIndex;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.HttpFailure;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Retrieval} on each engine, with the fake provider's {@code /v1/embeddings} as the model:
 * each mode, the fallback when the provider fails, and {@code requireVector}.
 */
public abstract class RetrievalContract {
  private static final String C = "knowledge";

  private FakeProvider provider;
  private Connection connection;
  private TextIndex text;
  private VectorIndex vectors;

  protected abstract Connection connect() throws Exception;

  protected abstract TextIndex newTextIndex();

  protected abstract VectorIndex.Engine engine();

  protected void cleanUp() throws Exception {}

  @BeforeEach
  void open() throws Exception {
    provider = FakeProvider.start();
    connection = connect();
    text = newTextIndex();
    vectors = new VectorIndex(engine());
    try (Statement statement = connection.createStatement()) {
      for (String ddl : vectorRetrieval(false).schema()) {
        statement.execute(ddl);
      }
    }
  }

  @AfterEach
  void close() throws Exception {
    provider.close();
    connection.close();
    cleanUp();
  }

  private Retrieval vectorRetrieval(boolean requireVector) {
    EmbeddingSettings settings =
        new EmbeddingSettings(
            provider.openAiBaseUrl(), "text-embedding-3-small", "sk-test", Duration.ofSeconds(5));
    return Retrieval.withVectors(text, vectors, new OpenAiEmbeddings(settings), requireVector);
  }

  private void index(Retrieval retrieval, String id, String body) throws SQLException {
    retrieval.put(connection, C, id, body, retrieval.embed(body));
  }

  private void corpus(Retrieval retrieval) throws SQLException {
    index(retrieval, "k1", "Rollback the deploy after a failed check");
    index(retrieval, "k2", "Deploy rollback plan for the hub");
    index(retrieval, "k3", "Receipts are signed with Ed25519");
    index(retrieval, "k4", "Leases fence shared resources");
  }

  private long embeddingCalls() {
    return provider.requests().stream().filter(r -> r.path().equals("/v1/embeddings")).count();
  }

  @Test
  void without_vectors_every_answer_is_full_text() throws SQLException {
    Retrieval retrieval = Retrieval.textOnly(text);
    corpus(retrieval);

    RetrievalAnswer answer = retrieval.search(connection, C, "deploy rollback", 10);

    assertThat(answer.mode()).isEqualTo(RetrievalMode.FTS);
    assertThat(answer.mode().wireName()).isEqualTo("fts");
    assertThat(answer.hits()).extracting(SearchHit::docId).containsExactly("k2", "k1");
    assertThat(answer.fallbackReason()).isNull();
    assertThat(embeddingCalls()).isZero();
  }

  @Test
  void with_vectors_answers_are_semantic_and_find_documents_by_meaning_alone() throws SQLException {
    Retrieval retrieval = vectorRetrieval(false);
    corpus(retrieval);
    // its words share nothing with the query, but its vector is the query's meaning
    retrieval.put(connection, C, "k9", "Undo a release", retrieval.embed("deploy rollback"));

    RetrievalAnswer answer = retrieval.search(connection, C, "deploy rollback", 10);

    assertThat(answer.mode()).isEqualTo(RetrievalMode.SEMANTIC);
    assertThat(answer.hits()).extracting(SearchHit::docId).startsWith("k2").contains("k1", "k9");
    assertThat(answer.hits().getFirst().exactPhrase()).isTrue();
    assertThat(answer.hits()).extracting(SearchHit::docId).doesNotContain("k3", "k4");
    assertThat(text.search(connection, C, "deploy rollback", 10))
        .extracting(SearchHit::docId)
        .doesNotContain("k9");
    assertThat(provider.requests().getLast().header("authorization")).contains("<redacted>");
  }

  @Test
  void a_failing_provider_falls_back_to_full_text_and_says_so() throws SQLException {
    Retrieval retrieval = vectorRetrieval(false);
    corpus(retrieval);
    provider.failEmbeddings(HttpFailure.serverError());

    RetrievalAnswer answer = retrieval.search(connection, C, "deploy rollback", 10);

    assertThat(answer.mode()).isEqualTo(RetrievalMode.FTS);
    assertThat(answer.hits()).extracting(SearchHit::docId).containsExactly("k2", "k1");
    assertThat(answer.fallbackReason()).contains("HTTP 500").doesNotContain("sk-test");

    index(retrieval, "k5", "Deploy notes written while vectors were down");
    assertThat(vectors.missing(connection, C, "text-embedding-3-small", 10)).containsExactly("k5");

    provider.restoreEmbeddings();
    assertThat(retrieval.search(connection, C, "deploy rollback", 10).mode())
        .isEqualTo(RetrievalMode.SEMANTIC);
  }

  @Test
  void require_vector_fails_fast_instead_of_falling_back() throws SQLException {
    Retrieval retrieval = vectorRetrieval(true);
    corpus(retrieval);
    provider.failEmbeddings(HttpFailure.unauthorized());

    assertThatThrownBy(() -> retrieval.search(connection, C, "deploy", 10))
        .isInstanceOf(KxmException.class)
        .satisfies(e ->
            assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.VECTOR_RETRIEVAL_UNAVAILABLE))
        .hasMessageContaining("HTTP 401")
        .hasMessageNotContaining("sk-test");
    assertThatThrownBy(() -> retrieval.embed("new text"))
        .satisfies(e ->
            assertThat(((KxmException) e).code())
                .isEqualTo(ErrorCode.VECTOR_RETRIEVAL_UNAVAILABLE));
    assertThatThrownBy(() -> Retrieval.textOnly(text, true))
        .hasMessageContaining(EmbeddingSettings.ENV_URL);
  }

  @Test
  void a_blank_query_searches_nothing_and_calls_no_model() throws SQLException {
    Retrieval retrieval = vectorRetrieval(false);
    corpus(retrieval);
    long before = embeddingCalls();

    RetrievalAnswer answer = retrieval.search(connection, C, "  ?! ", 10);

    assertThat(answer.mode()).isEqualTo(RetrievalMode.NONE);
    assertThat(answer.hits()).isEmpty();
    assertThat(embeddingCalls()).isEqualTo(before);
  }

  @Test
  void re_indexing_without_a_vector_drops_the_stale_one_and_remove_drops_both()
      throws SQLException {
    Retrieval retrieval = vectorRetrieval(false);
    retrieval.put(connection, C, "k9", "Undo a release", retrieval.embed("deploy rollback"));
    retrieval.put(connection, C, "k9", "Undo a release", Optional.empty());

    assertThat(retrieval.search(connection, C, "deploy rollback", 10).hits()).isEmpty();
    assertThat(vectors.missing(connection, C, "text-embedding-3-small", 10)).containsExactly("k9");

    retrieval.remove(connection, C, "k9");
    assertThat(retrieval.search(connection, C, "release", 10).hits()).isEmpty();
    assertThat(vectors.missing(connection, C, "text-embedding-3-small", 10)).isEmpty();
  }
}
