package io.kxm.hub.a2a;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.PeerOperations;
import io.kxm.core.peer.SendRequest;
import io.kxm.hub.agents.AgentProfile;
import io.kxm.hub.messaging.MessagingFeature;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A2A tasks as the hub's durable requests. Every A2A client of a project sends as one hub agent,
 * {@value #SENDER}, so a task is read and cancelled by the party that sent it, and an agent sees
 * who asked in its inbox. A task belongs to the agent in its URL: one agent's endpoint never shows
 * another's tasks.
 */
final class A2aTasks {
  static final String SENDER = "a2a";
  private static final String SENDER_PURPOSE = "A2A clients of this project";

  /** How long a blocking send waits for the task to end before it answers with the task so far. */
  static final Duration BLOCKING_WAIT = Duration.ofSeconds(30);

  /** How often an open stream looks for an acknowledgement; a final state wakes it at once. */
  static final Duration STREAM_CHECK = Duration.ofSeconds(5);

  private final MessagingFeature messaging;
  private final Map<String, String> senders = new ConcurrentHashMap<>();

  A2aTasks(MessagingFeature messaging) {
    this.messaging = messaging;
  }

  /**
   * Queues the message as a request to {@code agent} (an offline agent gets it when it comes back);
   * the client's message id is the idempotency key, so a retry returns the same task.
   */
  A2aTask send(String project, String agent, Incoming message, boolean blocking) {
    PeerOperations port = sender(project);
    SendRequest request =
        new SendRequest(
            agent,
            message.text(),
            null,
            message.contextId(),
            "a2a:" + message.messageId(),
            null,
            null,
            true);
    String id = refusals(() -> port.send(request).messageId());
    PeerMessage sent =
        blocking ? port.await(new AwaitRequest(id, BLOCKING_WAIT.toMillis())) : port.get(id);
    return A2aTask.of(sent);
  }

  A2aTask get(String project, String agent, String taskId) {
    return A2aTask.of(own(project, agent, taskId));
  }

  /** Cancels an open task; a cancelled one comes back as it is, an answered one is refused. */
  A2aTask cancel(String project, String agent, String taskId) {
    own(project, agent, taskId);
    return A2aTask.of(refusals(() -> sender(project).cancel(taskId)));
  }

  /** The task once it is final or {@code wait} passed, whichever is first. */
  A2aTask await(String project, String taskId, Duration wait) {
    return A2aTask.of(sender(project).await(new AwaitRequest(taskId, wait.toMillis())));
  }

  private PeerMessage own(String project, String agent, String taskId) {
    PeerMessage message = refusals(() -> sender(project).get(taskId));
    if (message.toName() == null || !message.toName().equalsIgnoreCase(agent)) {
      throw notFound(taskId);
    }
    return message;
  }

  /** The project's sending agent, registered on first use and again after a retirement. */
  private PeerOperations sender(String project) {
    String known = senders.get(project);
    if (known != null) {
      try {
        return messaging.peersFor(known);
      } catch (KxmException gone) {
        senders.remove(project, known);
      }
    }
    String id =
        messaging.register(project, AgentProfile.named(SENDER, SENDER_PURPOSE)).agent().id();
    senders.put(project, id);
    return messaging.peersFor(id);
  }

  /** The hub's refusals as A2A errors: what a client of the protocol knows how to read. */
  private static <T> T refusals(java.util.function.Supplier<T> call) {
    try {
      return call.get();
    } catch (KxmException e) {
      throw new A2aError(codeOf(e.code()), e.getMessage());
    }
  }

  private static int codeOf(ErrorCode code) {
    return switch (code) {
      case MESSAGE_NOT_FOUND, MESSAGE_FORBIDDEN -> A2aError.TASK_NOT_FOUND;
      case INVALID_MESSAGE_STATE -> A2aError.TASK_NOT_CANCELABLE;
      default -> A2aError.INVALID_PARAMS;
    };
  }

  private static A2aError notFound(String taskId) {
    return new A2aError(A2aError.TASK_NOT_FOUND, "task " + taskId + " is not a task of this agent");
  }
}
