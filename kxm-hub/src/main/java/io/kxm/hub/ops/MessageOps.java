package io.kxm.hub.ops;

import io.kxm.core.agent.Agent;
import io.kxm.core.peer.PeerMessage;
import io.kxm.hub.stream.EventAppender;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Operations entries about requests: sent, delivered, replied, cancelled, expired. Each carries the
 * ids, the agents' names, the status and the byte size of the body (of the reply, for a reply),
 * never the body itself.
 */
public final class MessageOps {
  public static final String SENT = "message.sent";
  public static final String DELIVERED = "message.delivered";
  public static final String REPLIED = "message.replied";
  public static final String CANCELLED = "message.cancelled";
  public static final String EXPIRED = "message.expired";

  private MessageOps() {}

  public static void sent(EventAppender events, PeerMessage message) {
    append(events, SENT, message, "request", bytes(message.content()));
  }

  /** The same, when the caller knows the sender's project: one read fewer in the send's write. */
  public static void sent(EventAppender events, String project, PeerMessage message) {
    append(events, project, SENT, message, "request", bytes(message.content()));
  }

  public static void delivered(EventAppender events, PeerMessage message) {
    append(events, DELIVERED, message, "request", bytes(message.content()));
  }

  public static void replied(EventAppender events, PeerMessage message) {
    append(events, REPLIED, message, "reply", bytes(message.reply()));
  }

  public static void cancelled(EventAppender events, PeerMessage message) {
    append(events, CANCELLED, message, "request", bytes(message.content()));
  }

  public static void expired(EventAppender events, PeerMessage message) {
    append(events, EXPIRED, message, "request", bytes(message.content()));
  }

  private static void append(
      EventAppender events, String kind, PeerMessage message, String messageKind, long bytes) {
    // The sender's project: a request never crosses projects.
    String project = events.tx().agents().findById(message.from()).map(Agent::project).orElse("");
    append(events, project, kind, message, messageKind, bytes);
  }

  private static void append(
      EventAppender events,
      String project,
      String kind,
      PeerMessage message,
      String messageKind,
      long bytes) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("messageId", message.id());
    data.put("messageKind", messageKind);
    data.put("fromId", message.from());
    data.put("from", message.fromName());
    data.put("toId", message.to());
    data.put("to", message.toName());
    data.put("status", message.status().wire());
    data.put("bytes", bytes);
    if (message.workflowContext() != null) {
      data.put("workflow", true);
    }
    events.ops(project, kind, data);
  }

  private static long bytes(String text) {
    return text == null ? 0 : text.getBytes(StandardCharsets.UTF_8).length;
  }
}
