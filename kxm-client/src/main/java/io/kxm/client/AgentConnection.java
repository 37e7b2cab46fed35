package io.kxm.client;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One agent's session with a hub: the token is checked to be a project token of the right project
 * (never the admin token), the agent registers, and its presence is renewed until {@link #close()},
 * which also ends presence at once.
 */
public final class AgentConnection implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(AgentConnection.class);
  private static final Duration LEAVE_WAIT = Duration.ofSeconds(10);

  private final HubHttp http;
  private final HttpPeerOperations peers;
  private final PresenceHeartbeat heartbeat;
  private final List<AgentEventStream> streams = new CopyOnWriteArrayList<>();
  private final AtomicBoolean closing = new AtomicBoolean();
  private final CountDownLatch closed = new CountDownLatch(1);

  private AgentConnection(HubHttp http, HttpPeerOperations peers, PresenceHeartbeat heartbeat) {
    this.http = http;
    this.peers = peers;
    this.heartbeat = heartbeat;
  }

  /**
   * @throws KxmException {@code hub_unreachable}; {@code auth_invalid} when the hub does not know
   *     the token; {@code project_forbidden} for the admin token or another project's token; any
   *     refusal of the registration
   */
  public static AgentConnection open(ConnectionSettings settings, Clock clock) {
    HubHttp http = new HubHttp(settings.hub(), settings.token());
    try {
      checkToken(http, settings);
      AgentCredentials agent = HubAgents.register(http, settings.project(), settings.agent());
      HttpPeerOperations peers = new HttpPeerOperations(http, agent, clock);
      return new AgentConnection(
          http, peers, PresenceHeartbeat.start(peers::heartbeat, agent.presenceLease()));
    } catch (RuntimeException e) {
      http.close();
      throw e;
    }
  }

  public HttpPeerOperations peers() {
    return peers;
  }

  public AgentCredentials agent() {
    return peers.agent();
  }

  /** Follows this agent's event stream from its start; closed with the connection. */
  public AgentEventStream follow(AgentEventListener listener, StreamTiming timing) {
    AgentEventStream stream = AgentEventStream.follow(http, peers, 0, listener, timing);
    streams.add(stream);
    return stream;
  }

  /**
   * Stops following and beating, then ends presence; a hub that is gone is not waited for. A second
   * call waits (briefly) for the first to finish: a JVM exit hook that returned early would let the
   * process end before presence did.
   */
  @Override
  public void close() {
    if (!closing.compareAndSet(false, true)) {
      awaitClosed();
      return;
    }
    try {
      streams.forEach(AgentEventStream::close);
      heartbeat.close();
      peers.leave();
    } catch (KxmException e) {
      log.debug("could not end presence of {}: {}", agent().name(), e.getMessage());
    } finally {
      http.close();
      closed.countDown();
    }
  }

  private void awaitClosed() {
    try {
      closed.await(LEAVE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void checkToken(HubHttp http, ConnectionSettings settings) {
    HubAgents.WhoAmI who;
    try {
      who = HubAgents.whoAmI(http);
    } catch (KxmException e) {
      if (e.code() == ErrorCode.AUTH_INVALID || e.code() == ErrorCode.AUTH_REQUIRED) {
        throw new KxmException(
            ErrorCode.AUTH_INVALID,
            "KXM hub at "
                + HubErrors.origin(settings.hub())
                + " rejected the project token for project "
                + settings.project()
                + " (from "
                + settings.tokenSource()
                + ")",
            "Use the token the hub knows for this project: kxm auth project-token create "
                + settings.project()
                + " on the hub's machine, or its entry in KXM_PROJECT_TOKENS.");
      }
      throw e;
    }
    if (who.isAdmin()) {
      throw new KxmException(
          ErrorCode.PROJECT_FORBIDDEN,
          "the token from "
              + settings.tokenSource()
              + " is the hub's admin token; agents register with a project token",
          "Create one with 'kxm auth project-token create "
              + settings.project()
              + "' and give it to the agent as KXM_AUTH_TOKEN.");
    }
    if (!settings.project().equals(who.project())) {
      throw new KxmException(
          ErrorCode.PROJECT_FORBIDDEN,
          "the token from "
              + settings.tokenSource()
              + " belongs to project '"
              + who.project()
              + "', not '"
              + settings.project()
              + "'",
          "Set KXM_PROJECT=" + who.project() + ", or use the token of " + settings.project() + ".");
    }
  }
}
