package io.kxm.testkit.provider;

import io.kxm.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI's {@code POST /v1/embeddings} with deterministic vectors: a hashed bag of words. Each
 * lower-cased word (a run of letters and digits) adds +1 or -1 to one of {@link #DIMENSIONS}
 * coordinates, both picked by an FNV-1a hash of the word; the sum is scaled to unit length. Texts
 * sharing words therefore point the same way, and a text without words is the zero vector.
 */
public final class EmbeddingsWire {
  /** Coordinates of a vector unless the request asks for {@code dimensions}. */
  public static final int DIMENSIONS = 256;

  private static final int MAX_DIMENSIONS = 4096;
  private static final int MAX_INPUTS = 2048;
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");

  private EmbeddingsWire() {}

  /** The vector the fake gives {@code text}, for tests that compute similarities themselves. */
  public static float[] vector(String text, int dimensions) {
    float[] v = new float[dimensions];
    Matcher words = WORD.matcher(text.toLowerCase(Locale.ROOT));
    while (words.find()) {
      long h = fnv1a(words.group());
      int index = (int) Long.remainderUnsigned(h, dimensions);
      v[index] += ((h >>> 63) == 0) ? 1f : -1f;
    }
    double norm = 0;
    for (float x : v) {
      norm += x * x;
    }
    if (norm > 0) {
      float scale = (float) (1 / Math.sqrt(norm));
      for (int i = 0; i < v.length; i++) {
        v[i] *= scale;
      }
    }
    return v;
  }

  /** The response for a request body, or null when the body is not an embeddings request. */
  static ObjectNode answer(JsonNode body, String defaultModel) {
    List<String> inputs = inputs(body.path("input"));
    if (inputs == null) {
      return null;
    }
    int dimensions = body.path("dimensions").asInt(DIMENSIONS);
    if (dimensions < 1 || dimensions > MAX_DIMENSIONS) {
      return null;
    }
    ArrayNode data = Json.MAPPER.createArrayNode();
    int tokens = 0;
    for (int i = 0; i < inputs.size(); i++) {
      ArrayNode embedding = Json.MAPPER.createArrayNode();
      for (float x : vector(inputs.get(i), dimensions)) {
        embedding.add(x);
      }
      data.add(
          Json.object().put("object", "embedding").put("index", i).set("embedding", embedding));
      tokens += Math.max(1, inputs.get(i).getBytes(StandardCharsets.UTF_8).length / 4);
    }
    String model = body.path("model").asString("");
    ObjectNode out = Json.object().put("object", "list");
    out.set("data", data);
    out.put("model", model.isBlank() ? defaultModel : model);
    out.set("usage", Json.object().put("prompt_tokens", tokens).put("total_tokens", tokens));
    return out;
  }

  private static List<String> inputs(JsonNode input) {
    if (input.isString()) {
      return List.of(input.asString());
    }
    if (!input.isArray() || input.isEmpty() || input.size() > MAX_INPUTS) {
      return null;
    }
    List<String> texts = new ArrayList<>();
    for (JsonNode item : input) {
      if (!item.isString()) {
        return null;
      }
      texts.add(item.asString());
    }
    return texts;
  }

  private static long fnv1a(String word) {
    long h = 0xcbf29ce484222325L;
    for (byte b : word.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return h;
  }
}
