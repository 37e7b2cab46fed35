package io.kxm.hub.hostile;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.TestHubs;
import io.kxm.hub.support.Workflows;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * One hub as {@code kxm hub start} assembles it, for a class of hostile-input properties: tokens
 * for projects alpha and beta, the test workflow with its secrets, and the agents bob (a target
 * that exists) and lead (the workflow's coordinator).
 */
final class HostileHub implements AutoCloseable {
  static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  final Path dir;
  final HubServer server;
  final PlainHubClient alpha;
  final AgentKey bob;
  final AgentKey lead;

  private HostileHub(Path dir, HubServer server) throws IOException, InterruptedException {
    this.dir = dir;
    this.server = server;
    this.alpha = new PlainHubClient(server.baseUrl(), TestHubs.ALPHA);
    this.bob = alpha.register("alpha", "bob");
    this.lead = alpha.register("alpha", "lead");
  }

  static HostileHub start() {
    try {
      Path dir = Files.createTempDirectory("kxm-hostile-hub");
      Path project = dir.resolve("project");
      Workflows.define(project.resolve(".kxm/webhooks"));
      Map<String, String> env = TestHubs.env(dir);
      env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
      env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
      env.putAll(Workflows.secrets());
      env.put("KXM_A2A", "alpha/bob");
      // streams a property opens and drops end at the next heartbeat
      env.put("KXM_SSE_HEARTBEAT_MS", "500");
      HubServer server = HubAssembly.start(HubConfig.fromEnvironment(env, project), env);
      return new HostileHub(dir, server);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  String url(String path) {
    return server.baseUrl() + path;
  }

  /** A request with the alpha token and, when given, an agent's key. */
  HttpRequest.Builder request(String path, AgentKey agent) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(url(path)))
            .timeout(Duration.ofSeconds(30))
            .header("Authorization", "Bearer " + TestHubs.ALPHA);
    return agent == null ? builder : builder.header("X-KXM-Agent-Key", agent.key());
  }

  static HttpResponse<String> send(HttpRequest request) {
    try {
      return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      // the cause in the message, so a one-line test summary says what broke
      throw new UncheckedIOException(request.method() + " " + request.uri() + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Bob's inbox as ids and statuses: what a refused call could have changed. */
  List<String> bobsInbox() {
    HttpResponse<String> inbox =
        send(request("/v1/agents/" + bob.id() + "/inbox", bob).GET().build());
    if (inbox.statusCode() != 200) {
      throw new IllegalStateException(
          "bob's inbox answered " + inbox.statusCode() + ": " + inbox.body());
    }
    List<String> messages = new ArrayList<>();
    for (JsonNode m : Json.read(inbox.body()).path("messages")) {
      messages.add(m.path("id").asString() + "=" + m.path("status").asString());
    }
    return messages;
  }

  /** The hub is up and ready: what every property checks after its last input. */
  int health() {
    return send(HttpRequest.newBuilder(URI.create(url("/health"))).GET().build()).statusCode();
  }

  @Override
  public void close() throws IOException {
    server.stop();
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
