package io.kxm.cli.agent.worker;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.cli.runtime.BackgroundRuntime;
import io.kxm.cli.runtime.RunningSupervisor;
import io.kxm.cli.runtime.SupervisorClient;
import io.kxm.client.AgentConnection;
import io.kxm.client.AgentEvent;
import io.kxm.client.AgentEventListener;
import io.kxm.client.AgentSpec;
import io.kxm.client.ConnectionSettings;
import io.kxm.client.StreamTiming;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.PeerMessage;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A long-lived agent on the hub whose requests are answered by harness turns on the local runtime
 * supervisor. It registers under its name, reads its open requests (so those delivered to an
 * earlier run of it and never answered are picked up again), then follows its event stream, which
 * resumes by sequence number after any disconnect, for new ones.
 */
public final class Worker implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Worker.class);
  // events that end a request without a reply; the worker stops working on it
  private static final Set<String> WITHDRAWN = Set.of("message.cancelled", "message.expired");

  private final WorkerOptions options;
  private final WorkerRegistry registry;
  private final AgentConnection connection;
  private final RequestTurns requests;
  private final long pid;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final AtomicBoolean closing = new AtomicBoolean();
  private volatile KxmException lost;

  private Worker(
      WorkerOptions options,
      WorkerRegistry registry,
      AgentConnection connection,
      RequestTurns requests,
      long pid) {
    this.options = options;
    this.registry = registry;
    this.connection = connection;
    this.requests = requests;
    this.pid = pid;
  }

  /**
   * Registers the agent, writes the worker's registry entry and starts answering.
   *
   * @throws KxmException {@code worker_already_running} when a live worker has the name; any
   *     refusal of the hub's registration
   */
  public static Worker start(CliContext context, WorkerOptions options, Clock clock) {
    WorkerRegistry registry = WorkerRegistry.of(context.statePaths());
    Optional<WorkerRecord> earlier = registry.read(options.name());
    if (earlier.isPresent() && earlier.get().alive()) {
      throw new KxmException(
          ErrorCode.WORKER_ALREADY_RUNNING,
          "worker " + options.name() + " already runs as process " + earlier.get().pid());
    }
    ConnectionSettings found = AgentSettings.resolve(context, options.name());
    ConnectionSettings settings =
        new ConnectionSettings(
            found.hub(),
            found.project(),
            found.token(),
            found.tokenSource(),
            new AgentSpec(options.name(), options.purpose(), options.model(), host()));
    AgentConnection connection = AgentConnection.open(settings, clock);
    try {
      ProcessHandle self = ProcessHandle.current();
      WorkerRecord base =
          new WorkerRecord(
              options.name(),
              self.pid(),
              self.info().startInstant().orElse(null),
              settings.project(),
              settings.hub().toString(),
              options.harness(),
              options.model(),
              options.workspace().toString(),
              options.concurrency(),
              clock.instant(),
              reusableSessions(earlier, options),
              0,
              List.of(),
              null,
              null);
      WorkerStatus status = new WorkerStatus(registry, clock, base);
      status.write();
      SupervisorTurns turns =
          new SupervisorTurns(
              () -> new SupervisorClient(BackgroundRuntime.ensure(context)),
              () ->
                  RunningSupervisor.find(BackgroundRuntime.paths(context), context.env())
                      .map(SupervisorClient::new),
              options);
      RequestTurns requests =
          new RequestTurns(options, connection.peers(), turns, status, new ProjectMemoryBrief());
      Worker worker = new Worker(options, registry, connection, requests, self.pid());
      worker.begin(connection.agent().connectedAt());
      return worker;
    } catch (RuntimeException e) {
      connection.close();
      registry.remove(options.name(), ProcessHandle.current().pid());
      throw e;
    }
  }

  private void begin(Instant registeredAt) {
    connection.follow(new Inbound(registeredAt), StreamTiming.DEFAULT);
    readInbox();
  }

  /** The agent's open requests, queued or delivered, oldest first, each offered once. */
  private void readInbox() {
    List<PeerMessage> inbox = connection.peers().inbox();
    LOG.info("worker {}: {} open requests in the inbox", options.name(), inbox.size());
    inbox.forEach(requests::offer);
  }

  /**
   * Blocks until the worker is closed or its stream ended for good.
   *
   * @return why the hub ended the stream (another session took the agent's key, the token was
   *     revoked); empty when the worker was closed
   */
  public Optional<KxmException> awaitStopped() throws InterruptedException {
    stopped.await();
    return Optional.ofNullable(lost);
  }

  /** Cancels the turns in flight (their requests stay open), ends presence, drops the entry. */
  @Override
  public void close() {
    if (!closing.compareAndSet(false, true)) {
      return;
    }
    try {
      requests.close();
      connection.close();
    } finally {
      registry.remove(options.name(), pid);
      stopped.countDown();
    }
  }

  /** Sessions an earlier run of this worker left, when it ran the same route in the same place. */
  private static List<String> reusableSessions(
      Optional<WorkerRecord> earlier, WorkerOptions options) {
    return earlier
        .filter(e -> e.harness().equals(options.harness()))
        .filter(e -> Objects.equals(e.model(), options.model()))
        .filter(e -> e.workspace().equals(options.workspace().toString()))
        .map(WorkerRecord::sessions)
        .orElse(List.of());
  }

  private static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (Exception e) {
      return null;
    }
  }

  /** Requests arriving on the stream; the inbox is read again when events were missed. */
  private final class Inbound implements AgentEventListener {
    private final Instant registeredAt;

    Inbound(Instant registeredAt) {
      this.registeredAt = registeredAt;
    }

    @Override
    public void onEvent(AgentEvent event) {
      if (WITHDRAWN.contains(event.type())) {
        event.message().ifPresent(message -> requests.withdrawn(message.id()));
        return;
      }
      if (!AgentEvent.MESSAGE_QUEUED.equals(event.type())) {
        return;
      }
      // Older events are history: what of it is still open came from the inbox at start.
      if (registeredAt != null && event.ts() != null && event.ts().isBefore(registeredAt)) {
        return;
      }
      event.message().ifPresent(requests::offer);
    }

    @Override
    public void onCursorExpired(long firstRetainedSeq) {
      readInbox();
    }

    @Override
    public void onStopped(KxmException reason) {
      LOG.warn("worker {}: event stream ended: {}", options.name(), reason.getMessage());
      lost = reason;
      close();
    }
  }
}
