package io.kxm.mcp;

import io.kxm.core.json.Json;
import io.kxm.core.peer.PeerMessage;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * The two notifications that tell a client a request arrived: a logging message carrying the
 * request (clients show or forward it), and {@code resources/updated} for {@link InboxResource#URI}
 * (clients that watch resources re-read the inbox).
 */
public final class InboundNotices {
  /** Logger name on the logging notification, so clients can filter KXM pushes. */
  public static final String LOGGER = "kxm.inbox";

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
        & deliver(
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
