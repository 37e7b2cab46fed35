package io.kxm.mcp;

import io.kxm.core.json.Json;
import io.kxm.core.peer.PeerMessage;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * The notifications that tell a client a request arrived: a logging message carrying the request
 * (clients show or forward it), and {@code resources/updated} for {@link InboxResource#URI}
 * (clients that watch resources re-read the inbox). A Claude Code channel server sends {@value
 * #CHANNEL_METHOD} instead of the logging message: Claude Code puts its content into the running
 * session as a {@code <channel source="...">} event, each meta entry an attribute of that tag.
 */
public final class InboundNotices {
  /** Logger name on the logging notification, so clients can filter KXM pushes. */
  public static final String LOGGER = "kxm.inbox";

  /** The experimental capability a Claude Code channel server declares. */
  public static final String CHANNEL_CAPABILITY = "claude/channel";

  /** The notification Claude Code reads from a channel server. */
  public static final String CHANNEL_METHOD = "notifications/claude/channel";

  static final Duration SEND_TIMEOUT = Duration.ofSeconds(5);

  private InboundNotices() {}

  /** Sends both notifications through {@code notifier(method, params)}; false if either failed. */
  public static boolean send(Notifier notifier, PeerMessage message) {
    String data = Json.write(Map.of("event", "request_arrived", "message", message));
    return deliver(
            notifier.notify(
                McpSchema.METHOD_NOTIFICATION_MESSAGE,
                new McpSchema.LoggingMessageNotification(
                    McpSchema.LoggingLevel.NOTICE, LOGGER, data)))
        & inboxChanged(notifier);
  }

  /**
   * Sends the request as a channel event, then {@code resources/updated}; false if either failed.
   * Claude Code keeps only meta keys made of letters, digits and underscores.
   */
  public static boolean sendChannel(Notifier notifier, PeerMessage message) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("sender", message.fromName() == null ? message.from() : message.fromName());
    meta.put("message_id", message.id());
    if (message.correlationId() != null) {
      meta.put("correlation_id", message.correlationId());
    }
    meta.put("reply_hint", "answer with kxm_reply messageId=" + message.id());
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("content", message.content());
    params.put("meta", meta);
    return deliver(notifier.notify(CHANNEL_METHOD, params)) & inboxChanged(notifier);
  }

  /** {@code resources/updated} for the inbox resource, sent after either kind of push. */
  private static boolean inboxChanged(Notifier notifier) {
    return deliver(
        notifier.notify(
            McpSchema.METHOD_NOTIFICATION_RESOURCES_UPDATED,
            new McpSchema.ResourcesUpdatedNotification(InboxResource.URI)));
  }

  private static boolean deliver(Mono<Void> sending) {
    try {
      sending.timeout(SEND_TIMEOUT).block();
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** One session's (or one process's) way to send a notification. */
  @FunctionalInterface
  public interface Notifier {
    Mono<Void> notify(String method, Object params);
  }
}
