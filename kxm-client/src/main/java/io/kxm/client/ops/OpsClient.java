package io.kxm.client.ops;

import io.kxm.client.HubHttp;
import io.kxm.client.StreamTiming;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /v1/ops/snapshot} and {@code GET /v1/ops/events} of one hub. With the admin token a
 * null project means every project; a project token sees its own project whatever is asked.
 *
 * <pre>{@code
 * OpsClient ops = new OpsClient(new HubHttp(URI.create(url), token));
 * JsonNode state = ops.snapshot(null);
 * try (OpsFollower follow = ops.follow(null, state.path("seq").asLong(), show::apply)) { ... }
 * }</pre>
 */
public final class OpsClient {
  private static final int MAX_PROJECT_CHARS = 128;

  private final HubHttp http;

  public OpsClient(HubHttp http) {
    this.http = http;
  }

  /** The current agents, recent messages, runs and leases, with the {@code seq} to follow from. */
  public JsonNode snapshot(String project) {
    return http.get("/v1/ops/snapshot" + query(project, -1), Map.of(), HubHttp.CALL_TIMEOUT);
  }

  /**
   * Follows the stream after {@code afterSeq} on a thread of its own until closed, handing each
   * entry to {@code onEntry} once, in order, across reconnects.
   */
  public OpsFollower follow(String project, long afterSeq, Consumer<JsonNode> onEntry) {
    return follow(project, afterSeq, onEntry, StreamTiming.DEFAULT);
  }

  public OpsFollower follow(
      String project, long afterSeq, Consumer<JsonNode> onEntry, StreamTiming timing) {
    if (afterSeq < 0) {
      throw new IllegalArgumentException("afterSeq must not be negative, got " + afterSeq);
    }
    return OpsFollower.start(
        http, "/v1/ops/events" + query(project, -1), afterSeq, onEntry, timing);
  }

  private static String query(String project, long after) {
    if (project == null) {
      return after >= 0 ? "?after=" + after : "";
    }
    if (project.isBlank() || project.length() > MAX_PROJECT_CHARS) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "a project name is 1 to " + MAX_PROJECT_CHARS + " characters");
    }
    String q = "?project=" + URLEncoder.encode(project, StandardCharsets.UTF_8);
    return after >= 0 ? q + "&after=" + after : q;
  }
}
