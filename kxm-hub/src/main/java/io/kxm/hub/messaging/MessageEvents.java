package io.kxm.hub.messaging;

import io.kxm.core.peer.PeerMessage;
import io.kxm.hub.metrics.Counted;
import io.kxm.hub.ops.MessageOps;
import io.kxm.hub.stream.EventAppender;
import java.util.Map;

/**
 * The stream events of a request and who gets them. The recipient learns of a new request and of
 * one that ended without its answer; the sender learns how its request ended, including its own
 * cancel, so that its waits on any hub node wake up.
 */
final class MessageEvents {
  static final String QUEUED = "message.queued";
  static final String REPLIED = "message.replied";
  static final String CANCELLED = "message.cancelled";
  static final String EXPIRED = "message.expired";

  private MessageEvents() {}

  /**
   * A new request: the recipient hears of it, and it counts as sent.
   *
   * @param project the sender's, which the caller has at hand (a request never crosses projects)
   */
  static void queued(EventAppender events, String project, PeerMessage message) {
    events.append(message.to(), QUEUED, body(message));
    MessageOps.sent(events, project, message);
    events.count(Counted.MESSAGES, "sent");
  }

  /** A request the recipient is told of again (a reconnect); not a new send, so not counted. */
  static void requeued(EventAppender events, PeerMessage message) {
    events.append(message.to(), QUEUED, body(message));
    MessageOps.sent(events, message);
  }

  static void replied(EventAppender events, PeerMessage message) {
    events.append(message.from(), REPLIED, body(message));
    MessageOps.replied(events, message);
    events.count(Counted.MESSAGES, "replied");
  }

  static void cancelled(EventAppender events, PeerMessage message) {
    events.append(message.to(), CANCELLED, body(message));
    events.append(message.from(), CANCELLED, body(message));
    MessageOps.cancelled(events, message);
    events.count(Counted.MESSAGES, "cancelled");
  }

  static void expired(EventAppender events, PeerMessage message) {
    events.append(message.to(), EXPIRED, body(message));
    events.append(message.from(), EXPIRED, body(message));
    MessageOps.expired(events, message);
    events.count(Counted.MESSAGES, "expired");
  }

  private static Map<String, PeerMessage> body(PeerMessage message) {
    return Map.of("message", message);
  }
}
