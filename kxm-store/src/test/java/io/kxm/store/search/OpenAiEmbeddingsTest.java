package io.kxm.store.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.search.EmbeddingSettings;
import io.kxm.core.search.OpenAiEmbeddings;
import io.kxm.testkit.provider.EmbeddingsWire;
import io.kxm.testkit.provider.FakeProvider;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The embeddings client against the fake provider's {@code /v1/embeddings} on loopback. */
class OpenAiEmbeddingsTest {

  private static EmbeddingSettings settings(URI base, String key) {
    return new EmbeddingSettings(base, "text-embedding-3-small", key, Duration.ofSeconds(5));
  }

  @Test
  void texts_are_sent_in_batches_and_come_back_in_order() throws Exception {
    try (FakeProvider provider = FakeProvider.start()) {
      List<String> texts = IntStream.range(0, 70).mapToObj(i -> "text number " + i).toList();

      List<float[]> vectors =
          new OpenAiEmbeddings(settings(provider.openAiBaseUrl(), null)).embed(texts);

      assertThat(vectors).hasSize(70);
      assertThat(vectors.get(69))
          .containsExactly(EmbeddingsWire.vector("text number 69", EmbeddingsWire.DIMENSIONS));
      assertThat(provider.requests())
          .extracting(r -> r.body().path("input").size())
          .containsExactly(64, 6);
      assertThat(provider.requests().getFirst().body().path("model").asString())
          .isEqualTo("text-embedding-3-small");
    }
  }

  @Test
  void a_refused_key_is_vector_retrieval_unavailable_without_the_key_in_the_message()
      throws Exception {
    try (FakeProvider provider =
        FakeProvider.start(FakeProvider.DEFAULT_MODELS, Optional.of("sk-right-key-0123456789"))) {
      OpenAiEmbeddings wrong =
          new OpenAiEmbeddings(settings(provider.openAiBaseUrl(), "sk-wrong-key-0123456789"));

      assertThatThrownBy(() -> wrong.embed(List.of("hello")))
          .isInstanceOf(KxmException.class)
          .satisfies(e ->
              assertThat(((KxmException) e).code())
                  .isEqualTo(ErrorCode.VECTOR_RETRIEVAL_UNAVAILABLE))
          .hasMessageContaining("HTTP 401")
          .hasMessageContaining(provider.openAiBaseUrl() + "/embeddings")
          .hasMessageNotContaining("sk-wrong");

      OpenAiEmbeddings right =
          new OpenAiEmbeddings(settings(provider.openAiBaseUrl(), "sk-right-key-0123456789"));
      assertThat(right.embed(List.of("hello"))).hasSize(1);
    }
  }

  @Test
  void an_unreachable_endpoint_is_vector_retrieval_unavailable() throws Exception {
    URI gone;
    try (FakeProvider provider = FakeProvider.start()) {
      gone = provider.openAiBaseUrl();
    }

    assertThatThrownBy(() -> new OpenAiEmbeddings(settings(gone, null)).embed(List.of("x")))
        .satisfies(e ->
            assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.VECTOR_RETRIEVAL_UNAVAILABLE))
        .hasMessageContaining("cannot reach it");
  }

  @Test
  void settings_come_from_the_environment_and_refuse_a_key_over_plain_http() {
    assertThat(EmbeddingSettings.fromEnvironment(Map.of())).isEmpty();
    EmbeddingSettings fromEnv =
        EmbeddingSettings.fromEnvironment(
                Map.of(
                    EmbeddingSettings.ENV_URL, "https://api.example.com/v1/",
                    EmbeddingSettings.ENV_KEY, "sk-secret-0123456789"))
            .orElseThrow();
    assertThat(fromEnv.endpoint()).hasToString("https://api.example.com/v1/embeddings");
    assertThat(fromEnv.model()).isEqualTo(EmbeddingSettings.DEFAULT_MODEL);
    assertThat(fromEnv.toString()).doesNotContain("sk-secret");

    assertThatThrownBy(
            () -> settings(URI.create("http://embeddings.example.com/v1"), "sk-secret-0123456789"))
        .hasMessageContaining("use https");
    assertThat(settings(URI.create("http://127.0.0.1:9/v1"), "sk-secret-0123456789").apiKey())
        .isNotNull();
    assertThatThrownBy(() ->
            EmbeddingSettings.fromEnvironment(
                Map.of(EmbeddingSettings.ENV_URL, "ftp://example.com")))
        .hasMessageContaining("http(s) URL");
  }

  @Test
  void the_fake_refuses_a_malformed_embeddings_request() throws Exception {
    try (FakeProvider provider = FakeProvider.start()) {
      var client = java.net.http.HttpClient.newHttpClient();
      var response =
          client.send(
              java.net.http.HttpRequest.newBuilder(
                      URI.create(provider.openAiBaseUrl() + "/embeddings"))
                  .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"input\": [1, 2]}"))
                  .build(),
              java.net.http.HttpResponse.BodyHandlers.ofString());

      assertThat(response.statusCode()).isEqualTo(400);
      assertThat(response.body()).contains("a string or a list of strings");
    }
  }
}
