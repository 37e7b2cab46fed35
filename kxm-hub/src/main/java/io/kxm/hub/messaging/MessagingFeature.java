package io.kxm.hub.messaging;

import io.kxm.core.peer.PeerMessage;
import io.kxm.fanout.LiveBus;
import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.agents.AgentEventsRoute;
import io.kxm.hub.agents.AgentGuard;
import io.kxm.hub.agents.AgentProfile;
import io.kxm.hub.agents.AgentRegistry;
import io.kxm.hub.agents.AgentRetirement;
import io.kxm.hub.agents.AgentRoutes;
import io.kxm.hub.agents.PresenceKeeper;
import io.kxm.hub.agents.Presences;
import io.kxm.hub.agents.Registration;
import io.kxm.hub.leases.LeaseRoutes;
import io.kxm.hub.metrics.HubCounts;
import io.kxm.hub.metrics.StreamMeters;
import io.kxm.hub.reserve.ReservationRoutes;
import io.kxm.hub.reserve.Reservations;
import io.kxm.hub.stream.AgentEventSource;
import io.kxm.hub.stream.AgentStreamServer;
import io.kxm.hub.stream.StreamThreads;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Store;
import io.opentelemetry.api.trace.Tracer;
import java.time.Clock;
import java.util.function.Consumer;

/**
 * Agents, presence, durable requests, agent event streams and leases: the coordination routes of
 * the hub, plus the same operations in process for the MCP endpoint.
 *
 * <pre>{@code
 * LiveBus bus = LiveBuses.open(FanoutSettings.inProcess());
 * MessagingFeature messaging = MessagingFeature.builder(store, bus).clock(clock)
 *     .settings(MessagingSettings.fromEnvironment(env)).build();
 * HubServer hub = HubServer.builder(config).clock(clock).feature(messaging)
 *     .closeAfterStop(messaging).closeAfterStop(bus).closeAfterStop(store).start();
 * }</pre>
 *
 * <p>Give the store, the hub and this feature the same clock. Housekeeping starts when the hub
 * installs the feature and stops, with every open stream and wait, when the hub drains.
 */
public final class MessagingFeature implements HubFeature, AutoCloseable {
  private final Store store;
  private final StreamWriter writer;
  private final MessagingSettings settings;
  private final PresenceKeeper presence;
  private final StreamThreads streams = new StreamThreads();
  private final MessagingServices services;
  private final RequestArrivals arrivals;
  private final Sweeper sweeper;
  private final AgentRetirement retirement;
  private final Reservations reservations;

  MessagingFeature(
      Store store,
      LiveBus bus,
      Clock clock,
      MessagingSettings settings,
      MessageHooks hooks,
      HubCounts counts,
      Tracer tracer) {
    this.store = store;
    this.writer = new StreamWriter(store, bus, counts, tracer);
    this.settings = settings;
    this.presence = new PresenceKeeper(store, settings.presenceLease());
    Presences presences = new Presences(settings.presenceLease());
    AgentRegistry agents = new AgentRegistry(writer, presences, presence, clock, Repush::queued);
    Sender sender =
        new Sender(writer, presences, clock, settings.maxHops(), settings.sendRate(), hooks);
    MessageReads reads = new MessageReads(store);
    this.arrivals =
        new RequestArrivals(
            store,
            bus,
            new AgentEventSource(store),
            settings.streamQueue(),
            settings.streamHeartbeat());
    this.services =
        new MessagingServices(
            agents,
            sender,
            new Fanouts(sender),
            reads,
            new MessageActions(writer, hooks),
            new Awaiter(reads, bus, settings.awaitRecheck(), streams::draining),
            arrivals);
    this.retirement =
        new AgentRetirement(writer, presence, clock, new RetiredRecipient(hooks)::retiring);
    this.sweeper = new Sweeper(writer, clock, settings, hooks, retirement);
    this.reservations = new Reservations(writer, clock);
  }

  public static MessagingFeatureBuilder builder(Store store, LiveBus bus) {
    return new MessagingFeatureBuilder(store, bus);
  }

  @Override
  public void install(HubContext hub) {
    AgentGuard guard = new AgentGuard(store, hub.credentials());
    AgentStreamServer server =
        new AgentStreamServer(
            writer.bus(),
            new AgentEventSource(store),
            streams,
            settings.streamQueue(),
            settings.streamHeartbeat(),
            null,
            writer.tracer());
    new StreamMeters("agent", server.openStreams()).bindTo(hub.meters());
    new AgentRoutes(services.agents(), retirement, guard).install(hub.routes());
    new AgentEventsRoute(guard, store, presence, server).install(hub.routes());
    new MessageRoutes(services, guard).install(hub.routes());
    new LeaseRoutes(writer, guard).install(hub.routes());
    new ReservationRoutes(reservations, guard).install(hub.routes());
    hub.drain().onDrain(this::close);
    sweeper.start();
  }

  /**
   * Registers an agent, or reconnects it under the same name (its queued requests are pushed to its
   * stream again). For an MCP session: register, then {@link #peersFor} the returned agent.
   */
  public Registration register(String project, AgentProfile profile) {
    return services.agents().register(project, profile);
  }

  /** Reserving repository paths, as the HTTP routes do. */
  public Reservations reservations() {
    return reservations;
  }

  /** Retiring agents one by one or in bulk, as the HTTP routes do. */
  public AgentRetirement retirement() {
    return retirement;
  }

  /**
   * The peer port of a registered agent, acting as it without HTTP or keys; the caller has
   * authenticated the session. The agent stays online while an activity of the port is under way.
   */
  public LocalPeers peersFor(String agentId) {
    services.agents().require(agentId);
    return new LocalPeers(agentId, services, presence);
  }

  /**
   * Registers (or reconnects) an agent and returns its peer port: {@link #register} then {@link
   * #peersFor}.
   */
  public LocalPeers connect(String project, AgentProfile profile) {
    return peersFor(register(project, profile).agent().id());
  }

  /**
   * Calls {@code listener} for every request that arrives for {@code agentId} from now on, on its
   * own thread, whichever hub node the sender used; a reconnect's re-push counts as an arrival. For
   * MCP notifications: {@code onRequest(id, m -> endpoint.notifyAgent(principal, name, m))}.
   */
  public ArrivalSubscription onRequest(String agentId, Consumer<PeerMessage> listener) {
    services.agents().require(agentId);
    return arrivals.subscribe(agentId, listener);
  }

  /** Registration, presence and discovery. */
  public AgentRegistry agents() {
    return services.agents();
  }

  public MessagingSettings settings() {
    return settings;
  }

  /**
   * Ends open streams, waits and arrival subscriptions, and stops housekeeping; the hub calls it
   * when it drains.
   */
  @Override
  public void close() {
    streams.drain();
    arrivals.closeAll();
    sweeper.close();
    presence.close();
  }
}
