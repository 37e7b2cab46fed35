package io.kxm.client;

import io.kxm.core.error.KxmException;
import io.kxm.core.peer.FanoutResponse;
import io.kxm.core.peer.FanoutResult;
import io.kxm.core.peer.Limits;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.WaitStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The client's half of a fanout: the hub sends to every target and answers at once; this waits for
 * each sent request until one shared deadline and reports what is still open as pending. Waiting
 * never cancels anything.
 */
final class FanoutWaiter {
  /** How the waiter reads one request: a capped long poll, and a plain read. */
  interface Reads {
    PeerMessage await(String messageId, Duration wait);

    PeerMessage get(String messageId);
  }

  private static final Duration SLICE_MAX = Duration.ofMillis(Limits.AWAIT_TIMEOUT_MAX_MS);
  private static final Duration SLICE_MIN = Duration.ofMillis(Limits.AWAIT_TIMEOUT_MIN_MS);

  private final Clock clock;
  private final Reads reads;

  FanoutWaiter(Clock clock, Reads reads) {
    this.clock = clock;
    this.reads = reads;
  }

  /**
   * @param sent the hub's {@code responses}: {@code queued} (with a messageId) or {@code error}
   * @param timeout the caller's timeoutMs
   */
  FanoutResult collect(JsonNode sent, Duration timeout) {
    Instant deadline = clock.instant().plus(timeout);
    List<FanoutResponse> responses = new ArrayList<>();
    for (JsonNode entry : sent) {
      String target = entry.path("target").asString("");
      String messageId = entry.path("messageId").asString(null);
      if ("error".equals(entry.path("status").asString()) || messageId == null) {
        responses.add(new FanoutResponse.Failed(target, entry.path("error").asString("not sent")));
      } else {
        responses.add(waitFor(target, messageId, deadline));
      }
    }
    return new FanoutResult(responses);
  }

  private FanoutResponse waitFor(String target, String messageId, Instant deadline) {
    PeerMessage latest = null;
    try {
      if (Thread.currentThread().isInterrupted()) {
        return aborted(target, reads.get(messageId));
      }
      Duration left = Duration.between(clock.instant(), deadline);
      while (left.compareTo(SLICE_MIN) >= 0) {
        latest = reads.await(messageId, left.compareTo(SLICE_MAX) > 0 ? SLICE_MAX : left);
        if (latest.status().isTerminal()) {
          return finished(target, latest);
        }
        left = Duration.between(clock.instant(), deadline);
      }
      // The shared deadline passed while waiting for an earlier target: read this one as it is.
      latest = latest == null ? reads.get(messageId) : latest;
      return latest.status().isTerminal() ? finished(target, latest) : pending(target, latest);
    } catch (KxmException e) {
      if (Thread.currentThread().isInterrupted()) {
        return new FanoutResponse.Pending(target, messageId, null, null, WaitStatus.ABORTED);
      }
      return new FanoutResponse.Failed(
          target, e.code().code() + ": " + e.getMessage() + " (sent as " + messageId + ")");
    }
  }

  private static FanoutResponse finished(String target, PeerMessage message) {
    return new FanoutResponse.Finished(
        target, message.id(), message.status(), message.reply(), message.error());
  }

  private static FanoutResponse pending(String target, PeerMessage message) {
    return new FanoutResponse.Pending(
        target, message.id(), message.status(), message.expiresAt(), WaitStatus.TIMED_OUT);
  }

  private static FanoutResponse aborted(String target, PeerMessage message) {
    return message.status().isTerminal()
        ? finished(target, message)
        : new FanoutResponse.Pending(
            target, message.id(), message.status(), message.expiresAt(), WaitStatus.ABORTED);
  }
}
