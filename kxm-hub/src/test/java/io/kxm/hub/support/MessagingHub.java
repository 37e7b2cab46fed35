package io.kxm.hub.support;

import io.kxm.core.json.Json;
import io.kxm.fanout.InProcessLiveBus;
import io.kxm.fanout.LiveBus;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.messaging.MessagingFeature;
import io.kxm.hub.messaging.MessagingSettings;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A real hub with the messaging feature on port 0: its own store, live bus and a settable clock
 * shared by store, hub and feature. Stopping the hub closes feature, bus and store.
 */
public final class MessagingHub implements AutoCloseable {
  public static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

  /** Quick housekeeping and heartbeats, so tests wait milliseconds, not seconds. */
  public static final MessagingSettings FAST =
      MessagingSettings.defaults()
          .withHousekeeping(Duration.ofMillis(50))
          .withStreamHeartbeat(Duration.ofMillis(300));

  public final SettableClock clock;
  public final Store store;
  public final MessagingFeature messaging;
  public final HubServer hub;
  public final Http http;

  private MessagingHub(
      HubConfig config, Store store, LiveBus bus, MessagingSettings settings, SettableClock clock) {
    this.clock = clock;
    this.store = store;
    this.messaging = MessagingFeature.builder(store, bus).clock(clock).settings(settings).build();
    this.hub =
        HubServer.builder(config)
            .clock(clock)
            .readiness(store::checkReady)
            .feature(messaging)
            .closeAfterStop(messaging)
            .closeAfterStop(bus)
            .closeAfterStop(store)
            .start();
    this.http = new Http(hub.baseUrl());
  }

  /** A hub on a SQLite file in {@code dir} with the test tokens (admin, alpha, beta). */
  public static MessagingHub start(Path dir) {
    return start(dir, FAST);
  }

  public static MessagingHub start(Path dir, MessagingSettings settings) {
    return start(dir, settings, new SettableClock(T0));
  }

  /** A hub on the SQLite file in {@code dir}; a second start on the same dir reopens that store. */
  public static MessagingHub start(Path dir, MessagingSettings settings, SettableClock clock) {
    Store store = Stores.open(StoreConfig.sqlite(dir.resolve("kxm.db")), clock);
    return start(TestHubs.withTokens(dir), store, new InProcessLiveBus(), settings, clock);
  }

  public static MessagingHub start(
      HubConfig config, Store store, LiveBus bus, MessagingSettings settings, SettableClock clock) {
    return new MessagingHub(config, store, bus, settings, clock);
  }

  /** Registers {@code name} in project alpha with the alpha token. */
  public AgentClient agent(String name) {
    return agent("alpha", TestHubs.ALPHA, name);
  }

  public AgentClient agent(String project, String token, String name) {
    Http.Response response = register(project, token, name, Map.of());
    if (response.status() != 201) {
      throw new AssertionError("registration failed: " + response.status() + " " + response.body());
    }
    JsonNode body = response.json();
    return new AgentClient(
        http, token, body.path("agentId").asString(), body.path("agentKey").asString(), name);
  }

  /** {@code POST /v1/projects/{project}/agents} with {@code name} and any {@code extra} fields. */
  public Http.Response register(String project, String token, String name, Map<String, ?> extra) {
    Map<String, Object> body = new LinkedHashMap<>(extra);
    if (name != null) {
      body.put("name", name);
    }
    return http.postJson("/v1/projects/" + project + "/agents", token, Json.write(body));
  }

  public int port() {
    return hub.port();
  }

  @Override
  public void close() {
    hub.stop();
  }
}
