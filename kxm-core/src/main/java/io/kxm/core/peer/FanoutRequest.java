package io.kxm.core.peer;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The same request sent to one to three peers independently, then a local wait for their replies
 * ({@code kxm_fanout}). Every request uses follow-up delivery.
 *
 * @param targets peer names or agent IDs; duplicates ignoring case are merged, keeping the first
 *     spelling, and 1 to 3 must remain
 * @param content sent unchanged to every target, at most 32,000 characters
 * @param correlationId as for {@link SendRequest}
 * @param idempotencyKeyPrefix each target's key is derived from it, the correlation ID and the
 *     target
 * @param workflowContext shared by every request; may be null
 * @param ttlMs request lifetime, 1,000 to 604,800,000; null means the hub default
 * @param timeoutMs local wait, 100 to 1,800,000; null means 30 minutes. It never cancels a request
 */
public record FanoutRequest(
    List<String> targets,
    String content,
    String correlationId,
    String idempotencyKeyPrefix,
    WorkflowContext workflowContext,
    Long ttlMs,
    Long timeoutMs) {

  public FanoutRequest {
    targets = merge(targets);
    content = Limits.required("content", content, Limits.CONTENT_MAX);
    correlationId = WorkflowContext.correlate(workflowContext, correlationId);
    idempotencyKeyPrefix =
        Limits.optional("idempotencyKeyPrefix", idempotencyKeyPrefix, Limits.KEY_MAX);
    Limits.range("ttlMs", ttlMs, Limits.TTL_MIN_MS, Limits.TTL_MAX_MS);
    timeoutMs = timeoutMs == null ? Limits.FANOUT_TIMEOUT_MAX_MS : timeoutMs;
    Limits.range(
        "timeoutMs", timeoutMs, Limits.FANOUT_TIMEOUT_MIN_MS, Limits.FANOUT_TIMEOUT_MAX_MS);
  }

  public Duration timeout() {
    return Duration.ofMillis(timeoutMs);
  }

  private static List<String> merge(List<String> targets) {
    if (targets == null || targets.isEmpty()) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "targets must name at least one peer");
    }
    Map<String, String> distinct = new LinkedHashMap<>();
    for (int i = 0; i < targets.size(); i++) {
      String target = Limits.required("targets[" + i + "]", targets.get(i), Limits.TARGET_MAX);
      distinct.putIfAbsent(target.strip().toLowerCase(Locale.ROOT), target.strip());
    }
    if (distinct.size() > Limits.FANOUT_TARGETS_MAX) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          "targets names "
              + distinct.size()
              + " distinct peers; the limit is "
              + Limits.FANOUT_TARGETS_MAX);
    }
    return List.copyOf(new ArrayList<>(distinct.values()));
  }
}
