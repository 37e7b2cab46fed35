package io.kxm.hub.context;

import io.kxm.core.json.Json;
import io.kxm.fanout.InProcessLiveBus;
import io.kxm.fanout.LiveBus;
import io.kxm.hub.HubServer;
import io.kxm.hub.messaging.MessagingFeature;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.TestHubs;
import io.kxm.hub.support.Workflows;
import io.kxm.hub.workflow.WorkflowFeature;
import io.kxm.hub.workflow.WorkflowSettings;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.SettableClock;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A real hub on port 0 with messaging, workflows (the {@link Workflows} definition) and context, on
 * the store {@code config} names, with a settable clock shared by store, features and server.
 */
final class ContextHub implements AutoCloseable {
  final SettableClock clock = new SettableClock(MessagingHub.T0);
  final Store store;
  final HubServer hub;
  final Http http;
  final ContextFeature context;

  ContextHub(Path dir, StoreConfig config) {
    Path projectRoot = dir.resolve("project");
    WorkflowSettings settings = WorkflowSettings.defaults(projectRoot);
    Workflows.define(settings.definitionsDir());
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
    // The timer stays slow: tests run housekeeping themselves with sweep().
    this.context = new ContextFeature(store, clock, ContextSettings.defaults());
    this.hub =
        HubServer.builder(TestHubs.withTokens(dir))
            .clock(clock)
            .readiness(store::checkReady)
            .feature(messaging)
            .feature(workflows)
            .feature(context)
            .closeAfterStop(messaging)
            .closeAfterStop(workflows)
            .closeAfterStop(context)
            .closeAfterStop(bus)
            .closeAfterStop(store)
            .start();
    this.http = new Http(hub.baseUrl());
  }

  /** Registers {@code name} in project alpha or beta with that project's token. */
  AgentClient agent(String project, String name) {
    String token = project.equals("alpha") ? TestHubs.ALPHA : TestHubs.BETA;
    Http.Response response =
        http.postJson(
            "/v1/projects/" + project + "/agents", token, Json.write(Map.of("name", name)));
    if (response.status() != 201) {
      throw new AssertionError("registration failed: " + response.status() + " " + response.body());
    }
    JsonNode body = response.json();
    return new AgentClient(
        http, token, body.path("agentId").asString(), body.path("agentKey").asString(), name);
  }

  /** A POST with {@code token} to an operator route. */
  Http.Response post(String path, String token, String json) {
    return http.postJson(path, token, json);
  }

  Http.Response admin(String path, String json) {
    return post(path, TestHubs.ADMIN, json);
  }

  Http.Response adminGet(String path) {
    return http.send(http.request(path, "Authorization", "Bearer " + TestHubs.ADMIN).GET());
  }

  /** Adds an item through the operator route and returns its id. */
  String add(String json) {
    Http.Response response = admin("/v1/context/items", json);
    if (response.status() != 201) {
      throw new AssertionError("add failed: " + response.status() + " " + response.body());
    }
    return response.json().path("item").path("id").asString();
  }

  HttpRequest.Builder request(String path, String token) {
    return http.request(path, "Authorization", "Bearer " + token);
  }

  @Override
  public void close() {
    hub.stop();
  }
}
