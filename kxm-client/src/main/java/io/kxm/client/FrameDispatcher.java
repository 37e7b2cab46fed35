package io.kxm.client;

import io.kxm.core.sse.SseFrame;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Turns the frames of an agent's stream into listener calls, keeping the resume point: an event at
 * or below the last sequence number seen is dropped, so a replay that overlaps never reaches the
 * listener twice. A frame that cannot be read is skipped (and logged) rather than retried forever.
 */
final class FrameDispatcher implements ResumingSseFollower.Frames {
  private static final Logger log = LoggerFactory.getLogger(FrameDispatcher.class);
  static final String CURSOR_EXPIRED = "cursor_expired";

  private final AgentEventListener listener;
  private volatile long lastSeq;

  FrameDispatcher(AgentEventListener listener, long afterSeq) {
    this.listener = listener;
    this.lastSeq = afterSeq;
  }

  @Override
  public long lastSeq() {
    return lastSeq;
  }

  /** Handles one frame; true when it was new (delivered or skipped as unreadable). */
  @Override
  public boolean dispatch(SseFrame frame) {
    if (CURSOR_EXPIRED.equals(frame.event())) {
      JsonNode body = ResumingSseFollower.Frames.jsonObject(frame.data());
      listener.onCursorExpired(body == null ? 0 : body.path("firstRetainedSeq").asLong(0));
      return true;
    }
    long seq = frame.id() == null ? -1 : parseSeq(frame.id());
    if (seq >= 0 && seq <= lastSeq) {
      return false;
    }
    JsonNode envelope =
        frame.oversized() ? null : ResumingSseFollower.Frames.jsonObject(frame.data());
    if (envelope == null) {
      log.warn("skipped event {}: {}", frame.id(), frame.oversized() ? "too large" : "not JSON");
    } else {
      deliver(
          new AgentEvent(
              seq >= 0 ? seq : envelope.path("seq").asLong(0),
              envelope.path("type").asString(""),
              instant(envelope.path("ts")),
              envelope.path("data")));
    }
    if (seq > 0) {
      lastSeq = seq;
    }
    return true;
  }

  private void deliver(AgentEvent event) {
    try {
      listener.onEvent(event);
    } catch (RuntimeException e) {
      // One event the listener cannot handle must not stall the stream behind it.
      log.warn("event {} ({}) could not be handled", event.seq(), event.type(), e);
    }
  }

  private static long parseSeq(String id) {
    try {
      return Long.parseLong(id.strip());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static Instant instant(JsonNode node) {
    try {
      return node.isString() ? Instant.parse(node.asString()) : null;
    } catch (RuntimeException e) {
      return null;
    }
  }
}
