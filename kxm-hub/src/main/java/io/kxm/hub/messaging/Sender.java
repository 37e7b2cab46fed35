package io.kxm.hub.messaging;

import io.kxm.core.agent.Agent;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.error.RateLimitedException;
import io.kxm.core.json.Json;
import io.kxm.core.messaging.MessageInsert;
import io.kxm.core.messaging.MessageLimits;
import io.kxm.core.messaging.NewMessage;
import io.kxm.core.messaging.SendRate;
import io.kxm.core.messaging.SendRateOutcome;
import io.kxm.core.messaging.StoredMessage;
import io.kxm.core.peer.Presence;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.peer.SendResult;
import io.kxm.hub.agents.Presences;
import io.kxm.hub.metrics.Counted;
import io.kxm.hub.stream.EventAppender;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Tx;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Sends one request: resolves the target in the caller's project, answers an exact retry with the
 * original, checks presence, the hop limit and the sender's rate limit, then stores the request and
 * its {@code message.queued} event in one transaction.
 *
 * <p>The rate limit's buckets live in the store, not in Redis or in memory: the token is taken in
 * the same write transaction that stores the request, so every hub node on one database shares each
 * bucket (PostgreSQL locks its row, SQLite has one writer), a send refused for any reason takes no
 * token, and a hub without Redis is limited just the same.
 */
final class Sender {
  private static final String AGENT_ID_PREFIX = "agt_";

  private final StreamWriter writer;
  private final Presences presences;
  private final Clock clock;
  private final int maxHops;
  private final SendRate rate;
  private final MessageHooks hooks;

  Sender(
      StreamWriter writer,
      Presences presences,
      Clock clock,
      int maxHops,
      SendRate rate,
      MessageHooks hooks) {
    this.writer = writer;
    this.presences = presences;
    this.clock = clock;
    this.maxHops = maxHops;
    this.rate = rate;
    this.hooks = hooks;
  }

  /** Sends, counting a refusal by its code where it is decided: here, not from the answer. */
  SendResult send(Agent caller, SendRequest request) {
    try {
      return writer.write((tx, events) -> send(tx, events, caller, request));
    } catch (KxmException e) {
      writer.counts().increment(Counted.MESSAGES_REFUSED, e.code().code());
      throw e;
    }
  }

  private SendResult send(Tx tx, EventAppender events, Agent caller, SendRequest request) {
    Agent target =
        find(tx, caller.project(), request.target())
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.TARGET_NOT_FOUND,
                    "no agent named '"
                        + request.target()
                        + "' in project '"
                        + caller.project()
                        + "'"));
    if (target.id().equals(caller.id())) {
      throw new KxmException(
          ErrorCode.SELF_TARGET, "agent " + caller.name() + " addressed a request to itself");
    }
    if (request.workflowContext() != null) {
      hooks.beforeSend(tx, caller, target, request.workflowContext());
    }
    String hash = RequestHash.of(target.id(), request);
    if (request.idempotencyKey() != null) {
      Optional<StoredMessage> earlier =
          tx.messages()
              .findByIdempotencyKey(caller.project(), caller.id(), request.idempotencyKey());
      if (earlier.isPresent()) {
        return retried(earlier.get(), hash, target);
      }
    }
    if (presences.of(target, clock.instant()) == Presence.OFFLINE && !request.allowOffline()) {
      throw new KxmException(
          ErrorCode.TARGET_NOT_FOUND,
          "agent '" + target.name() + "' is offline; pass allowOffline to queue the request");
    }
    int hops = Hops.next(tx, caller.id());
    if (hops > maxHops) {
      throw new KxmException(
          ErrorCode.HOP_LIMIT_EXCEEDED,
          "this request would be hop "
              + hops
              + " of a forwarding chain; the limit is "
              + maxHops
              + " (KXM_MAX_HOPS)");
    }
    takeToken(tx, caller);
    MessageInsert insert = tx.messages().insert(newMessage(caller, target, request, hash, hops));
    return switch (insert) {
      case MessageInsert.Inserted inserted -> {
        var wire = MessageViews.within(tx).knowing(caller, target).wire(inserted.message());
        MessageEvents.queued(events, caller.project(), wire);
        yield new SendResult(wire.id(), wire.status(), target.name());
      }
      case MessageInsert.DuplicateKey duplicate -> retried(duplicate.message(), hash, target);
    };
  }

  /** Last of the checks, so a send refused for any other reason keeps its token. */
  private void takeToken(Tx tx, Agent caller) {
    if (!rate.enabled()) {
      return;
    }
    if (tx.sendRates().take(caller.id(), rate) instanceof SendRateOutcome.Limited limited) {
      long seconds = RateLimitedException.seconds(limited.retryAfter());
      throw new RateLimitedException(
          "agent "
              + caller.name()
              + " ("
              + caller.id()
              + ") used its burst of "
              + rate.burst()
              + " requests at "
              + rate.perMinute()
              + " per minute (KXM_SEND_BURST, KXM_SEND_RATE_PER_MINUTE); retry in "
              + seconds
              + " s",
          limited.retryAfter());
    }
  }

  private static SendResult retried(StoredMessage earlier, String hash, Agent target) {
    if (!hash.equals(earlier.requestHash())) {
      throw new KxmException(
          ErrorCode.IDEMPOTENCY_CONFLICT,
          "idempotency key '"
              + earlier.idempotencyKey()
              + "' was used for a different request, message "
              + earlier.id());
    }
    return new SendResult(earlier.id(), earlier.status(), target.name());
  }

  private static NewMessage newMessage(
      Agent caller, Agent target, SendRequest request, String hash, int hops) {
    Duration ttl =
        request.ttlMs() == null ? MessageLimits.DEFAULT_TTL : Duration.ofMillis(request.ttlMs());
    return new NewMessage(
        caller.project(),
        caller.id(),
        target.id(),
        request.content(),
        request.delivery(),
        ttl,
        request.correlationId(),
        request.idempotencyKey(),
        request.idempotencyKey() == null ? null : hash,
        hops,
        request.workflowContext() == null ? null : Json.write(request.workflowContext()));
  }

  /**
   * An agent of the project by id, else by name ignoring case. Ids all start {@code agt_}, so a
   * target without that start is looked up by name alone: one query less on every send by name.
   */
  static Optional<Agent> find(Tx tx, String project, String target) {
    if (!target.startsWith(AGENT_ID_PREFIX)) {
      return tx.agents().findByName(project, target);
    }
    Optional<Agent> byId =
        tx.agents().findById(target).filter(agent -> agent.project().equals(project));
    return byId.isPresent() ? byId : tx.agents().findByName(project, target);
  }
}
