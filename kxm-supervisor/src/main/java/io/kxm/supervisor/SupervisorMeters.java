package io.kxm.supervisor;

import io.kxm.core.metrics.RefreshedAtScrape;
import io.kxm.runtime.api.ProjectRuns;
import io.kxm.runtime.api.RunSummary;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.usage.Spend;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.Sessions;
import io.kxm.session.api.TurnObserver;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The supervisor's own meters: runtime runs and session runs by state and the session queue
 * (snapshots taken once per scrape), the sessions resident in memory, and, told by the session
 * service at each turn's end, turn durations by status, harness failures by code and spend. Tag
 * values are states and error codes, never ids.
 */
final class SupervisorMeters implements TurnObserver {
  /** Buckets for turns: a quick answer takes seconds, a long coding turn tens of minutes. */
  private static final Duration[] TURN_SLOS = {
    Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(15), Duration.ofSeconds(30),
    Duration.ofMinutes(1), Duration.ofMinutes(2), Duration.ofMinutes(5), Duration.ofMinutes(10),
    Duration.ofMinutes(30)
  };

  private final MeterRegistry registry;
  private final Counter spend;
  private final Counter unpriced;

  SupervisorMeters(MeterRegistry registry) {
    this.registry = registry;
    this.spend =
        Counter.builder("kxm.session.spend.usd")
            .description("What finished turns cost in US dollars, priced from .kxm/prices.yaml")
            .register(registry);
    this.unpriced =
        Counter.builder("kxm.session.turns.unpriced")
            .description("Finished turns whose spend is unknown (no usage reported, or no price)")
            .register(registry);
    for (SessionRunStatus status : SessionRunStatus.values()) {
      if (status.isTerminal()) {
        turnTimer(status);
      }
    }
  }

  @Override
  public void ended(SessionRun run, Spend cost) {
    if (run.startedAt() != null && run.finishedAt() != null) {
      turnTimer(run.status()).record(Duration.between(run.startedAt(), run.finishedAt()));
    }
    if (run.status() == SessionRunStatus.FAILED) {
      Counter.builder("kxm.session.harness.failures")
          .description("Turns that failed, by the error code the run ended with")
          .tag("code", run.error() == null ? "unknown" : run.error())
          .register(registry)
          .increment();
    }
    if (cost.isKnown()) {
      spend.increment(cost.usd().doubleValue());
    } else {
      unpriced.increment();
    }
  }

  private Timer turnTimer(SessionRunStatus status) {
    return Timer.builder("kxm.session.turns")
        .description("Turn durations from start to end, by the status the run ended in")
        .tag("status", wire(status))
        .serviceLevelObjectives(TURN_SLOS)
        .register(registry);
  }

  /** Gauges of runs by state, read from the stores once per scrape. */
  MeterBinder states(Supplier<Map<String, ProjectRuns>> projects, Sessions sessions) {
    return new States(projects, sessions);
  }

  private static String wire(SessionRunStatus status) {
    return status.name().toLowerCase(Locale.ROOT);
  }

  private static final class States implements MeterBinder, RefreshedAtScrape {
    private final Supplier<Map<String, ProjectRuns>> projects;
    private final Sessions service;
    private final SessionStore sessions;
    private volatile Map<String, Long> runs = Map.of();
    private volatile Map<SessionRunStatus, Long> sessionRuns =
        new EnumMap<>(SessionRunStatus.class);

    States(Supplier<Map<String, ProjectRuns>> projects, Sessions service) {
      this.projects = projects;
      this.service = service;
      this.sessions = service.store();
    }

    @Override
    public void bindTo(MeterRegistry registry) {
      for (RunStatus status : RunStatus.values()) {
        Gauge.builder("kxm.runtime.runs", this, self -> self.runs.getOrDefault(status.wire(), 0L))
            .description("Runtime runs of the projects this supervisor opened, by state")
            .tag("state", status.wire())
            .register(registry);
      }
      for (SessionRunStatus status : SessionRunStatus.values()) {
        Gauge.builder("kxm.session.runs", this, self -> self.sessionRuns.getOrDefault(status, 0L))
            .description("Session runs (turns) held in the session store, by state")
            .tag("state", wire(status))
            .register(registry);
      }
      Gauge.builder(
              "kxm.session.queue.depth",
              this,
              self -> self.sessionRuns.getOrDefault(SessionRunStatus.QUEUED, 0L))
          .description("Turns waiting for a free slot (KXM_MAX_ACTIVE_RUNS)")
          .register(registry);
      // Read live, not at refresh: it is one count in memory, and eviction changes it any time.
      Gauge.builder("kxm.runtime.sessions.resident", service, Sessions::residentSessions)
          .description(
              "Sessions whose history is held in memory now; idle ones are evicted after"
                  + " KXM_SESSION_IDLE_TTL_MS and loaded from the store again on their next turn"
                  + " or stream")
          .register(registry);
    }

    @Override
    public void refresh() {
      Map<String, Long> nextRuns = new HashMap<>();
      for (ProjectRuns project : projects.get().values()) {
        for (RunSummary run : project.list()) {
          nextRuns.merge(run.status(), 1L, Long::sum);
        }
      }
      Map<SessionRunStatus, Long> nextSessions = new EnumMap<>(SessionRunStatus.class);
      for (SessionRunStatus status : SessionRunStatus.values()) {
        nextSessions.put(status, (long) sessions.runsIn(status).size());
      }
      runs = nextRuns;
      sessionRuns = nextSessions;
    }
  }
}
