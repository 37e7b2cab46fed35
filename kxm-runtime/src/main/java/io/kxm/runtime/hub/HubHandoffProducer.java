package io.kxm.runtime.hub;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.Limits;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.SendRequest;
import io.kxm.runtime.api.AgentProducer;
import io.kxm.runtime.api.AgentRoute;
import io.kxm.runtime.project.ProjectKeys;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Answers the attempts of agents whose file names a {@code hubAgent} through the project's bound
 * hub, and every other attempt with the producer it wraps. The attempt becomes a durable request
 * from the project's {@link RuntimeAgent} to that hub agent, queued even while it is offline,
 * correlated with the run ({@code correlationId} {@code <run>/<step>/<attempt>}, and one
 * idempotency key per attempt, so a retried send never asks twice), and awaited by long polls.
 *
 * <p>Results: the reply is the attempt's {@code outcome}; a request the hub expired leaves it
 * {@code outcome_unknown}; one the recipient or anyone else cancelled is {@code cancelled}, as is a
 * drive cancel, which cancels the request on the hub too; an unbound project or a hub agent the hub
 * does not know is {@code producer_rejected}; a hub that cannot be reached leaves the outcome
 * unknown.
 */
public final class HubHandoffProducer implements AgentProducer {
  /** Each long poll's wait; a cancel is seen between two polls. */
  static final Duration POLL = Duration.ofSeconds(5);

  private static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(30);

  private final StatePaths state;
  private final Clock clock;
  private final AgentProducer otherwise;

  /**
   * @param otherwise answers attempts of agents without a {@code hubAgent}; null when there is none
   */
  public HubHandoffProducer(StatePaths state, Clock clock, AgentProducer otherwise) {
    this.state = state;
    this.clock = clock;
    this.otherwise = otherwise;
  }

  /** A hand-off runs no process here; the producer it stands in front of may have left some. */
  @Override
  public int endOrphans() throws InterruptedException {
    return otherwise == null ? 0 : otherwise.endOrphans();
  }

  @Override
  public ProducerResult produce(ProducerRequest request, BooleanSupplier cancelled) {
    AgentRoute route = request.route();
    if (route == null || route.hubAgent() == null) {
      return otherwise == null
          ? new ProducerResult.Rejected(
              ErrorCode.RUN_HANDOFF_REQUIRED.code(),
              "agent " + request.agentId() + " names no hubAgent and no live harness is configured")
          : otherwise.produce(request, cancelled);
    }
    if (cancelled.getAsBoolean()) {
      return new ProducerResult.Cancelled();
    }
    Path folder =
        ProjectKeys.eventStore(state, ProjectKeys.key(ProjectKeys.canonical(request.projectRoot())))
            .getParent();
    Optional<RuntimeAgent> bound = RuntimeAgent.of(folder, clock);
    if (bound.isEmpty()) {
      return new ProducerResult.Rejected(
          ErrorCode.RUN_HUB_NOT_BOUND.code(),
          "agent "
              + request.agentId()
              + " answers through hub agent "
              + route.hubAgent()
              + ", and the project at "
              + request.projectRoot()
              + " is not bound to a hub");
    }
    try (RuntimeAgent agent = bound.get()) {
      String messageId;
      try {
        messageId = agent.peers(p -> p.send(send(request, route))).messageId();
      } catch (KxmException e) {
        return refusedSend(e);
      }
      return await(agent, messageId, route, cancelled);
    }
  }

  private static SendRequest send(ProducerRequest request, AgentRoute route) {
    Duration timeout = request.timeout() == null ? DEFAULT_TIMEOUT : request.timeout();
    long ttl = Math.clamp(timeout.toMillis(), Limits.TTL_MIN_MS, Limits.TTL_MAX_MS);
    String correlation = request.runId() + "/" + request.stepId() + "/" + request.attempt();
    return new SendRequest(
        route.hubAgent(),
        request.prompt(),
        null,
        correlation,
        correlation + "/" + request.agentId(),
        null,
        ttl,
        true);
  }

  private static ProducerResult refusedSend(KxmException e) {
    if (e.code() == ErrorCode.HUB_UNREACHABLE || e.code().httpStatus() >= 500) {
      return new ProducerResult.Unknown(e.code().code() + ": " + e.getMessage());
    }
    return new ProducerResult.Rejected(e.code().code(), e.getMessage());
  }

  private static ProducerResult await(
      RuntimeAgent agent, String messageId, AgentRoute route, BooleanSupplier cancelled) {
    while (true) {
      if (cancelled.getAsBoolean()) {
        try {
          agent.peers(p -> p.cancel(messageId));
        } catch (KxmException e) {
          // already answered, expired or unreachable: the attempt ends cancelled either way
        }
        return new ProducerResult.Cancelled();
      }
      PeerMessage now;
      try {
        now = agent.peers(p -> p.await(new AwaitRequest(messageId, POLL.toMillis())));
      } catch (KxmException e) {
        if (e.code() == ErrorCode.AWAIT_TIMED_OUT) {
          continue;
        }
        return new ProducerResult.Unknown(
            "waiting for hub agent "
                + route.hubAgent()
                + " on request "
                + messageId
                + " failed: "
                + e.code().code()
                + ": "
                + e.getMessage());
      }
      switch (now.status()) {
        case REPLIED -> {
          return new ProducerResult.Answered(now.reply() == null ? "" : now.reply());
        }
        case EXPIRED -> {
          return new ProducerResult.Unknown(
              "request " + messageId + " to hub agent " + route.hubAgent() + " expired unanswered");
        }
        case CANCELLED -> {
          return new ProducerResult.Cancelled();
        }
        case QUEUED, DELIVERED -> {}
      }
    }
  }
}
