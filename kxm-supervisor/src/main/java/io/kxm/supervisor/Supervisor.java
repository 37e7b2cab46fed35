package io.kxm.supervisor;

import io.javalin.Javalin;
import io.kxm.core.Version;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.metrics.PrometheusMetrics;
import io.kxm.core.retention.Purge;
import io.kxm.core.retention.PurgeSchedule;
import io.kxm.core.secret.Tokens;
import io.kxm.core.trace.Tracing;
import io.kxm.runtime.retention.RuntimeRetention;
import io.kxm.session.retention.SessionsPurge;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The runtime supervisor: one per OS user and machine, hosting every project's runs behind an HTTP
 * API on an ephemeral port, 127.0.0.1 unless {@link NetworkSettings} binds it elsewhere. Starting
 * takes the machine lock, creates the token on first use (unless {@code KXM_RUNTIME_TOKEN} gives
 * it), reconciles every registered project (no run stays {@code running} across a crash), then
 * serves and claims the registry row. {@link #stop()} drains and closes the stores.
 *
 * <p>{@code kxm runtime serve} runs the same supervisor as a server for one workspace ({@link
 * SupervisorConfig#workspace()}): its state root is the workspace's {@code .kxm-server/}, so it
 * takes its own lock and registry, and it hosts only projects and sessions inside the workspace.
 */
public final class Supervisor implements AutoCloseable {
  private final SupervisorConfig config;
  private final SupervisorLock lock;
  private final SupervisorRegistry registry;
  private final HostedProjects projects;
  private final SupervisorLog log;

  /** How long stopping waits for ended streams to finish their responses. */
  private static final Duration STREAM_END_WAIT = Duration.ofSeconds(2);

  private final Drain drain;
  private final Javalin app;
  private final SupervisorRow row;
  private final ScheduledExecutorService heartbeat;
  private final SyncPushers pushers;
  private final SessionPlane sessions;
  private final PurgeSchedule retention;
  private final PrometheusMetrics metrics;
  private final Tracing tracing;
  private final Optional<InstanceMembership> membership;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private boolean stopping;
  private boolean clean;

  private Supervisor(
      SupervisorConfig config,
      SupervisorLock lock,
      SupervisorRegistry registry,
      HostedProjects projects,
      SupervisorLog log,
      Drain drain,
      Javalin app,
      SupervisorRow row,
      SessionPlane sessions,
      PrometheusMetrics metrics,
      Tracing tracing,
      Optional<InstanceMembership> membership) {
    this.membership = membership;
    this.config = config;
    this.metrics = metrics;
    this.tracing = tracing;
    this.sessions = sessions;
    this.lock = lock;
    this.registry = registry;
    this.projects = projects;
    this.log = log;
    this.drain = drain;
    this.app = app;
    this.row = row;
    this.pushers =
        new SyncPushers(
            config.state(), sessions.sessions().store(), row.runtimeId(), config.clock(), log);
    this.heartbeat =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("kxm-runtime-heartbeat").unstarted(r));
    this.retention = retentionOf(config, projects, sessions, log);
  }

  /**
   * The purges the supervisor runs by itself, on its clock: ended session runs and idle sessions,
   * and every registered project's finished runs. {@code kxm gc} runs the same ones now.
   */
  private static PurgeSchedule retentionOf(
      SupervisorConfig config, HostedProjects projects, SessionPlane sessions, SupervisorLog log) {
    RuntimeRetention settings = RuntimeRetention.fromEnvironment(System.getenv());
    List<Purge> purges =
        List.of(
            new SessionsPurge(sessions.sessions().store(), settings.sessions()),
            (now, dryRun) -> projects.purgeRuns(now, settings.runs(), dryRun));
    return new PurgeSchedule(
        "runtime",
        config.clock(),
        settings.purgeInterval(),
        purges,
        result ->
            log.info(
                "retention.purged",
                Map.of(
                    "store", result.store(), "what", result.what(), "removed", result.removed())),
        failure -> log.warn("retention.purge_failed", Map.of("reason", failure)));
  }

  /**
   * Starts a supervisor, or refuses when one already runs for this user.
   *
   * @throws KxmException {@code runtime_already_running}, {@code state_dir_unusable}, {@code
   *     runtime_registry_unusable}
   */
  public static Supervisor start(SupervisorConfig config) {
    SupervisorPaths paths = config.paths();
    SupervisorLock lock =
        SupervisorLock.tryAcquire(paths.lockFile()).orElseThrow(() -> alreadyRunning(paths));
    SupervisorLog log = new SupervisorLog(paths.logFile(), config.clock(), System.err);
    SupervisorRegistry registry = null;
    HostedProjects projects = null;
    SessionPlane sessions = null;
    PrometheusMetrics metrics = PrometheusMetrics.create(List.of());
    Tracing tracing = Tracing.fromEnvironment(System.getenv(), "kxm-supervisor", Version.current());
    Optional<InstanceMembership> membership = Optional.empty();
    String runtimeId = "rt_" + Tokens.generate("").substring(0, 20);
    try {
      NetworkSettings network = config.network();
      String token =
          network.tokenOverride() != null
              ? network.tokenOverride()
              : SupervisorToken.loadOrCreate(paths.tokenFile());
      // Before anything is reconciled: on a shared database, another instance's runs are not ours.
      membership =
          InstanceMembership.join(
              System.getenv(), runtimeId, network.clientHost(), config.clock(), config.heartbeat());
      registry = Registry.open(paths.registry());
      registry
          .supervisor()
          .ifPresent(stale ->
              log.info(
                  "supervisor.stale_replaced",
                  Map.of(
                      "runtimeId", stale.runtimeId(), "pid", stale.pid(), "state", stale.state())));
      projects =
          new HostedProjects(
              registry, paths, config.projects(), runtimeId, config.clock(), config.workspace());
      reconcileProjects(projects, log, membership);
      SupervisorMeters meters = new SupervisorMeters(metrics.registry());
      sessions =
          SessionPlane.open(config, log, new TracedTurns(meters, tracing.tracer()), membership);
      SessionPlane plane = sessions;
      membership.ifPresent(plane::adoptLapsed);
      metrics.bind(meters.states(projects::openProjects, sessions.sessions()));

      Drain drain = new Drain();
      AtomicInteger port = new AtomicInteger();
      SessionRoutes sessionRoutes =
          new SessionRoutes(sessions.sessions(), sessions.events(), drain, log, config.workspace());
      Javalin app =
          SupervisorApp.create(
              token,
              network,
              drain,
              port::get,
              new RunRoutes(projects, sessionRoutes, log),
              sessionRoutes,
              config.providers(),
              metrics,
              log);
      listen(app, network);
      port.set(app.port());
      for (var connector : app.jettyServer().server().getConnectors()) {
        // Idle keep-alive connections close at once on stop; calls in flight were drained.
        if (connector instanceof org.eclipse.jetty.server.AbstractConnector c) {
          c.setShutdownIdleTimeout(200);
        }
      }
      var now = config.clock().instant();
      SupervisorRow row =
          new SupervisorRow(
              runtimeId,
              ProcessHandle.current().pid(),
              port.get(),
              SupervisorToken.hash(token),
              now,
              now,
              "running",
              network.clientHost());
      registry.claim(row);
      membership.ifPresent(m -> m.announce(row.url()));
      Map<String, Object> started = new LinkedHashMap<>();
      started.put("runtimeId", runtimeId);
      started.put("pid", row.pid());
      started.put("bind", network.bindHost());
      started.put("port", row.port());
      started.put("tokenRequired", network.tokenRequired());
      if (config.workspace() != null) {
        started.put("workspace", config.workspace().root().toString());
      }
      log.info("supervisor.started", started);
      Supervisor supervisor =
          new Supervisor(
              config,
              lock,
              registry,
              projects,
              log,
              drain,
              app,
              row,
              sessions,
              metrics,
              tracing,
              membership);
      supervisor.pushers.refresh(projects.openProjects());
      supervisor.beatEvery();
      supervisor.retention.start();
      return supervisor;
    } catch (RuntimeException e) {
      log.error("supervisor.start_failed", Map.of("code", codeOf(e)));
      closeQuietly(sessions);
      closeQuietly(projects);
      closeQuietly(registry);
      membership.ifPresent(InstanceMembership::close);
      metrics.close();
      tracing.close();
      lock.close();
      log.close();
      throw e;
    }
  }

  private static void listen(Javalin app, NetworkSettings network) {
    try {
      app.start();
    } catch (RuntimeException e) {
      try {
        app.stop();
      } catch (RuntimeException ignored) {
        // The bind failure is the error worth reporting.
      }
      // Javalin wraps the bind failure; the address is the setting to fix.
      throw new KxmException(
          ErrorCode.CONFIG_INVALID,
          "cannot listen on "
              + network.bindHost()
              + " (KXM_RUNTIME_BIND or --bind): "
              + rootMessage(e)
              + "; it must be an address of this machine",
          e);
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName() + ": " + t.getMessage();
  }

  /**
   * Project runs record no instance, so on a shared database they are reconciled only by an
   * instance that starts while no other holds a lease: otherwise they may be another's live runs.
   */
  private static void reconcileProjects(
      HostedProjects projects, SupervisorLog log, Optional<InstanceMembership> membership) {
    List<String> others =
        membership.map(m -> m.others().stream().map(i -> i.id()).toList()).orElse(List.of());
    if (!others.isEmpty()) {
      log.info("supervisor.reconcile_skipped", Map.of("liveInstances", others));
      return;
    }
    for (var entry : projects.reconcileAll().entrySet()) {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("projectKey", entry.getKey());
      if (entry.getValue() instanceof List<?> changed) {
        fields.put("changed", changed.size());
        log.info("supervisor.reconciled", fields);
      } else {
        fields.put("code", codeOf((Exception) entry.getValue()));
        log.error("supervisor.reconcile_failed", fields);
      }
    }
  }

  private void beatEvery() {
    long ms = config.heartbeat().toMillis();
    heartbeat.scheduleWithFixedDelay(
        () -> {
          try {
            registry.beat(row.runtimeId(), config.clock().instant(), "running");
            renewLease();
            membership.ifPresent(sessions::adoptLapsed);
            pushers.refresh(projects.openProjects());
          } catch (RuntimeException e) {
            log.warn("supervisor.heartbeat_failed", Map.of("code", codeOf(e)));
          }
        },
        ms,
        ms,
        TimeUnit.MILLISECONDS);
  }

  /**
   * Renews the lease on a shared runtime database. A supervisor that lost it stops: another
   * instance claimed it and reconciles its runs, so it must not go on executing them.
   */
  private void renewLease() {
    if (membership.isEmpty() || membership.get().renew()) {
      return;
    }
    log.error("supervisor.lease_lost", Map.of("runtimeId", row.runtimeId()));
    Thread.ofPlatform().name("kxm-runtime-lease-lost").start(this::stop);
  }

  public String runtimeId() {
    return row.runtimeId();
  }

  public int port() {
    return row.port();
  }

  public String url() {
    return row.url();
  }

  public Path tokenFile() {
    return config.paths().tokenFile();
  }

  /** Session event streams open now. */
  public int openStreams() {
    return sessions.openStreams();
  }

  public boolean isDraining() {
    return drain.isDraining();
  }

  /**
   * Drains and stops, within one grace period: first new runs get 503 {@code server_draining} while
   * active session runs get the grace to finish (reads, answers, cancels and streams still work),
   * and the runs still active after it end {@code interrupted}; then every new call is refused and
   * calls in flight get what is left of the grace. Then the streams end, and the server, the
   * session store, the project stores and the registry close. Idempotent.
   *
   * @return whether every call finished in time and every store closed
   */
  public boolean stop() {
    synchronized (this) {
      if (stopping) {
        awaitQuietly();
        return clean;
      }
      stopping = true;
    }
    boolean ok = true;
    log.info("supervisor.draining", Map.of("graceMs", config.shutdownGrace().toMillis()));
    long deadline = System.nanoTime() + config.shutdownGrace().toNanos();
    try {
      registry.beat(row.runtimeId(), config.clock().instant(), "draining");
      drain.refuseNewRuns();
      if (!sessions.drain(config.shutdownGrace())) {
        ok = false;
        log.warn("supervisor.sessions_interrupted", Map.of("reason", "shutdown_grace_expired"));
      }
      ok &= drain.drain(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      ok = false;
    } catch (RuntimeException e) {
      ok = false;
    }
    sessions.endStreams();
    awaitStreamsEnded();
    heartbeat.shutdownNow();
    retention.close();
    pushers.close();
    try {
      app.stop();
    } catch (RuntimeException e) {
      ok = false;
    }
    try {
      sessions.close();
    } catch (RuntimeException e) {
      ok = false;
      log.error("supervisor.close_failed", Map.of("message", String.valueOf(e.getMessage())));
    }
    try {
      projects.close();
    } catch (RuntimeException e) {
      ok = false;
      log.error("supervisor.close_failed", Map.of("message", String.valueOf(e.getMessage())));
    }
    try {
      registry.beat(row.runtimeId(), config.clock().instant(), "stopped");
      registry.close();
    } catch (RuntimeException e) {
      ok = false;
    }
    try {
      membership.ifPresent(InstanceMembership::close);
    } catch (RuntimeException e) {
      ok = false;
      log.error("supervisor.close_failed", Map.of("message", String.valueOf(e.getMessage())));
    }
    metrics.close();
    tracing.close();
    lock.close();
    log.info("supervisor.stopped", Map.of("runtimeId", row.runtimeId(), "clean", ok));
    log.close();
    synchronized (this) {
      clean = ok;
    }
    stopped.countDown();
    return ok;
  }

  /**
   * Gives each ended stream a moment to send what it still holds (a run's last event, written as
   * the grace expired) and end its response, before the server stops under it; a stream whose
   * client does not read is cut by the server's stop after the wait.
   */
  private void awaitStreamsEnded() {
    long deadline = System.nanoTime() + STREAM_END_WAIT.toNanos();
    try {
      while (sessions.openStreams() > 0 && System.nanoTime() < deadline) {
        Thread.sleep(10); // the streams end on their own threads and signal nothing else
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    stop();
  }

  /** Blocks until {@link #stop()} has finished. */
  public void awaitStop() throws InterruptedException {
    stopped.await();
  }

  /** Makes SIGTERM, SIGINT and a normal JVM exit drain the supervisor first. */
  public void stopOnShutdown() {
    Runtime.getRuntime()
        .addShutdownHook(Thread.ofPlatform().name("kxm-runtime-shutdown").unstarted(this::stop));
  }

  private void awaitQuietly() {
    try {
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static KxmException alreadyRunning(SupervisorPaths paths) {
    String where = "";
    try {
      where =
          Registry.peek(paths.registry())
              .map(r -> " at " + r.url() + " (pid " + r.pid() + ")")
              .orElse("");
    } catch (RuntimeException e) {
      // The registry may be mid-creation by the other supervisor; the refusal stands without it.
    }
    return new KxmException(
        ErrorCode.RUNTIME_ALREADY_RUNNING, "a runtime supervisor is already running" + where);
  }

  private static String codeOf(Exception e) {
    return e instanceof KxmException k ? k.code().code() : e.getClass().getSimpleName();
  }

  private static void closeQuietly(AutoCloseable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      // Already failing; the first error is the one reported.
    }
  }
}
