package io.kxm.core.search;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@link EmbeddingProvider} over an OpenAI-compatible {@code POST /embeddings} endpoint (OpenAI,
 * and the many servers that copy its shape), with {@code java.net.http}. Texts go in batches; the
 * answer is bounded in size and checked: one vector per text, all of one length.
 */
public final class OpenAiEmbeddings implements EmbeddingProvider {
  static final int BATCH = 64;
  static final int MAX_DIMENSIONS = 8192;
  private static final int MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

  private final EmbeddingSettings settings;
  private final HttpClient client;

  public OpenAiEmbeddings(EmbeddingSettings settings) {
    this.settings = settings;
    this.client = HttpClient.newBuilder().connectTimeout(settings.timeout()).build();
  }

  @Override
  public String model() {
    return settings.model();
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    List<float[]> vectors = new ArrayList<>(texts.size());
    for (int from = 0; from < texts.size(); from += BATCH) {
      vectors.addAll(batch(texts.subList(from, Math.min(texts.size(), from + BATCH))));
    }
    return vectors;
  }

  private List<float[]> batch(List<String> texts) {
    byte[] body = Json.writeBytes(Map.of("model", settings.model(), "input", texts));
    HttpRequest.Builder request =
        HttpRequest.newBuilder(settings.endpoint())
            .timeout(settings.timeout())
            .header("content-type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (settings.apiKey() != null) {
      request.header("authorization", "Bearer " + settings.apiKey());
    }
    HttpResponse<InputStream> response;
    byte[] bytes;
    try {
      response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream in = response.body()) {
        bytes = in.readNBytes(MAX_RESPONSE_BYTES + 1);
      }
    } catch (IOException e) {
      throw failed("cannot reach it: " + e.getClass().getSimpleName() + " " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failed("interrupted while waiting for it");
    }
    if (bytes.length > MAX_RESPONSE_BYTES) {
      throw failed("its answer is larger than " + MAX_RESPONSE_BYTES + " bytes");
    }
    if (response.statusCode() != 200) {
      // the provider's own message is left out: some echo part of the key they refused
      throw failed("it answered HTTP " + response.statusCode());
    }
    return vectors(bytes, texts.size());
  }

  private List<float[]> vectors(byte[] bytes, int expected) {
    JsonNode data;
    try {
      data = Json.read(new String(bytes, StandardCharsets.UTF_8)).path("data");
    } catch (JacksonException e) {
      throw failed("its answer is not JSON");
    }
    if (!data.isArray() || data.size() != expected) {
      throw failed("it answered " + data.size() + " vectors for " + expected + " texts");
    }
    float[][] out = new float[expected][];
    int dimensions = -1;
    for (int i = 0; i < expected; i++) {
      JsonNode item = data.get(i);
      int index = item.path("index").asInt(i);
      JsonNode embedding = item.path("embedding");
      if (index < 0 || index >= expected || out[index] != null || !embedding.isArray()) {
        throw failed("its answer has a bad or repeated index " + index);
      }
      if (embedding.isEmpty() || embedding.size() > MAX_DIMENSIONS) {
        throw failed("it answered a vector of " + embedding.size() + " numbers");
      }
      float[] v = new float[embedding.size()];
      for (int d = 0; d < v.length; d++) {
        if (!embedding.get(d).isNumber()) {
          throw failed("its vector holds something other than numbers");
        }
        v[d] = embedding.get(d).floatValue();
      }
      if (dimensions < 0) {
        dimensions = v.length;
      } else if (v.length != dimensions) {
        throw failed("its vectors differ in length");
      }
      out[index] = v;
    }
    return List.of(out);
  }

  private KxmException failed(String why) {
    return new KxmException(
        ErrorCode.VECTOR_RETRIEVAL_UNAVAILABLE,
        "embeddings endpoint " + settings.endpoint() + " (model " + settings.model() + "): " + why);
  }
}
