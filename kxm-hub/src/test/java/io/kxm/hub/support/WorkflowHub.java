package io.kxm.hub.support;

import io.kxm.fanout.InProcessLiveBus;
import io.kxm.fanout.LiveBus;
import io.kxm.hub.HubServer;
import io.kxm.hub.messaging.MessagingFeature;
import io.kxm.hub.workflow.WorkflowFeature;
import io.kxm.hub.workflow.WorkflowSettings;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A real hub with messaging and workflows on port 0, the {@link Workflows} definition loaded, and a
 * settable clock shared by store, features and server.
 */
public final class WorkflowHub implements AutoCloseable {
  public final SettableClock clock;
  public final Store store;
  public final HubServer hub;
  public final Http http;
  public final Path projectRoot;
  public final Path database;
  private final MessagingHubAgents agents;

  public WorkflowHub(Path dir) {
    this(dir, StoreConfig.sqlite(dir.resolve("kxm.db")), Map.of());
  }

  /**
   * @param config the store, for example a PostgreSQL schema that several hubs share
   * @param moreDefinitions further definitions to load beside {@link Workflows#DEFINITION}, by ID;
   *     they may name the secret variables of {@link Workflows#secrets()}
   */
  public WorkflowHub(Path dir, StoreConfig config, Map<String, String> moreDefinitions) {
    this.clock = new SettableClock(MessagingHub.T0);
    this.projectRoot = dir.resolve("project");
    this.database = dir.resolve("kxm.db");
    WorkflowSettings settings =
        WorkflowSettings.defaults(projectRoot)
            .withSweepInterval(Duration.ofMillis(50))
            .withPurgeInterval(Duration.ofMillis(50));
    Workflows.define(settings.definitionsDir());
    moreDefinitions.forEach((id, json) -> Workflows.define(settings.definitionsDir(), id, json));
    this.store = Stores.open(config, clock);
    LiveBus bus = new InProcessLiveBus();
    Map<String, String> secrets = Workflows.secrets();
    WorkflowFeature workflows = WorkflowFeature.create(store, bus, clock, settings, secrets::get);
    MessagingFeature messaging =
        MessagingFeature.builder(store, bus)
            .clock(clock)
            .settings(MessagingHub.FAST)
            .hooks(workflows.hooks())
            .build();
    this.hub =
        HubServer.builder(TestHubs.withTokens(dir))
            .clock(clock)
            .readiness(store::checkReady)
            .feature(messaging)
            .feature(workflows)
            .closeAfterStop(messaging)
            .closeAfterStop(workflows)
            .closeAfterStop(bus)
            .closeAfterStop(store)
            .start();
    this.http = new Http(hub.baseUrl());
    this.agents = new MessagingHubAgents(http);
  }

  /** Registers {@code name} in project alpha. */
  public AgentClient agent(String name) {
    return agents.agent(name);
  }

  /** Starts a run of {@link Workflows#ID} and returns its ID. */
  public String startRun(String deliveryId) {
    Http.Response started =
        Workflows.start(http, deliveryId, "{\"version\":\"1.2.3\"}", clock.instant());
    if (started.status() != 201) {
      throw new AssertionError("start failed: " + started.status() + " " + started.body());
    }
    return started.json().path("runId").asString();
  }

  /** The run as its coordinator reads it. */
  public JsonNode run(AgentClient coordinator, String runId) {
    return coordinator.get("/workflows/runs/" + runId).json().path("run");
  }

  @Override
  public void close() {
    hub.stop();
  }
}
