package io.kxm.hub.sync;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.sync.SyncEvent;
import io.kxm.hub.auth.HubCredentials;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.metrics.Counted;
import io.kxm.hub.ops.RuntimeOps;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.sync.SyncEventStore;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks each event of a push on its own and stores the good ones in one transaction, so the pusher
 * learns per event what to acknowledge and what to park.
 */
final class SyncIngest {
  private final StreamWriter writer;
  private final HubCredentials credentials;

  SyncIngest(StreamWriter writer, HubCredentials credentials) {
    this.writer = writer;
    this.credentials = credentials;
  }

  Map<String, Object> accept(Principal principal, SyncBatch batch) {
    SyncResult[] results = new SyncResult[batch.events().size()];
    Map<Integer, SyncEvent> valid = new LinkedHashMap<>();
    for (int i = 0; i < results.length; i++) {
      JsonNode node = batch.events().get(i);
      try {
        SyncEvent event = event(node);
        requireProject(principal, event);
        valid.put(i, event);
      } catch (KxmException e) {
        results[i] =
            SyncResult.refused(i, runId(node), sequence(node), e.code().code(), e.getMessage());
        writer.counts().increment(Counted.SYNC_EVENTS, "refused");
        writer.counts().increment(Counted.SYNC_REFUSED, e.code().code());
      }
    }
    if (!valid.isEmpty()) {
      writer.write((tx, events) -> {
        Set<String> projects = new LinkedHashSet<>();
        valid.forEach((i, event) -> {
          SyncEventStore.Outcome outcome = tx.syncEvents().accept(batch.runtimeId(), event);
          results[i] = settle(i, event, outcome);
          events.count(Counted.SYNC_EVENTS, results[i].outcome());
          if (results[i].code() != null) {
            events.count(Counted.SYNC_REFUSED, results[i].code());
          }
          if (outcome == SyncEventStore.Outcome.ACCEPTED) {
            RuntimeOps.accepted(events, batch.runtimeId(), event);
          }
          projects.add(event.project());
        });
        projects.forEach(p -> tx.syncEvents().seen(p, batch.runtimeId()));
        return null;
      });
    }
    List<SyncResult> list = List.of(results);
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("runtimeId", batch.runtimeId());
    answer.put("accepted", count(list, "accepted"));
    answer.put("duplicates", count(list, "duplicate"));
    answer.put("refused", count(list, "refused"));
    answer.put("results", list);
    return answer;
  }

  private static SyncResult settle(int index, SyncEvent event, SyncEventStore.Outcome outcome) {
    return switch (outcome) {
      case ACCEPTED -> SyncResult.accepted(index, event.runId(), event.sequence());
      case DUPLICATE -> SyncResult.duplicate(index, event.runId(), event.sequence());
      case CONFLICT ->
          SyncResult.refused(
              index,
              event.runId(),
              event.sequence(),
              ErrorCode.SYNC_EVENT_CONFLICT.code(),
              "run "
                  + event.runId()
                  + " sequence "
                  + event.sequence()
                  + " is already held in project '"
                  + event.project()
                  + "' with other content");
    };
  }

  private void requireProject(Principal principal, SyncEvent event) {
    boolean allowed =
        switch (principal) {
          case Principal.Project p -> p.name().equals(event.project());
          case Principal.Admin a -> !credentials.hasProjectToken(event.project());
        };
    if (!allowed) {
      throw new KxmException(
          ErrorCode.PROJECT_FORBIDDEN,
          "event "
              + event.runId()
              + "#"
              + event.sequence()
              + " names project '"
              + event.project()
              + "', which this token may not write");
    }
  }

  private static SyncEvent event(JsonNode node) {
    if (node == null || !node.isObject()) {
      throw invalid("each event must be a JSON object");
    }
    JsonNode data = node.get("data");
    if (data != null && !data.isNull() && !data.isObject()) {
      throw invalid("data must be a JSON object");
    }
    JsonNode sequence = node.get("sequence");
    if (sequence == null || !sequence.isIntegralNumber() || !sequence.canConvertToLong()) {
      throw invalid("sequence must be a whole number");
    }
    return new SyncEvent(
        text(node, "project"),
        text(node, "runId"),
        sequence.asLong(),
        text(node, "type"),
        instant(node),
        data instanceof ObjectNode object ? object : null);
  }

  private static Instant instant(JsonNode node) {
    String at = text(node, "at");
    try {
      return at == null ? null : Instant.parse(at);
    } catch (DateTimeParseException e) {
      throw invalid("at must be an ISO-8601 instant such as 2030-01-01T00:00:00Z");
    }
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value != null && !value.isNull() && !value.isString()) {
      throw invalid(field + " must be a string");
    }
    return value == null || value.isNull() ? null : value.asString();
  }

  private static String runId(JsonNode node) {
    JsonNode value = node == null ? null : node.get("runId");
    return value != null && value.isString() && value.asString().length() <= 128
        ? value.asString()
        : null;
  }

  private static Long sequence(JsonNode node) {
    JsonNode value = node == null ? null : node.get("sequence");
    return value != null && value.isIntegralNumber() && value.canConvertToLong()
        ? value.asLong()
        : null;
  }

  private static long count(List<SyncResult> results, String outcome) {
    return results.stream().filter(r -> r.outcome().equals(outcome)).count();
  }

  private static KxmException invalid(String message) {
    return new KxmException(ErrorCode.SYNC_EVENT_INVALID, message);
  }
}
