package io.kxm.hub.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.hostile.Hostile;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import io.kxm.testkit.http.PlainHubClient.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Valid bodies of the hub's routes, each broken in one way a lenient reader would let pass: a field
 * the route does not take, a value of another JSON type, a key sent twice. Every one is refused
 * with its own code, names the field, and changes nothing (no message sent, no agent registered, no
 * lease taken).
 */
class HostileStrictBodiesTest {
  static Path dir;
  static HubServer hub;
  static PlainHubClient http;
  static AgentKey alice;
  static AgentKey bob;

  /** A JSON type, and values of every other type to put in its place. */
  enum Kind {
    STRING("\"text\""),
    WHOLE("5000"),
    BOOLEAN("true"),
    OBJECT("{\"runId\":\"r\"}"),
    ARRAY("[\"bob\"]");

    final String sample;

    Kind(String sample) {
      this.sample = sample;
    }
  }

  /** A route, a valid body of it, and the JSON type of each field it takes. */
  record Route(String path, Map<String, String> valid, Map<String, Kind> fields) {}

  enum Break {
    UNKNOWN_FIELD,
    WRONG_TYPE,
    DUPLICATE_KEY
  }

  record Input(Route route, Break kind, String field, String value, String body) {}

  @BeforeContainer
  static void start() throws Exception {
    dir = Files.createTempDirectory("kxm-hostile-strict");
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
    http = new PlainHubClient(hub.baseUrl(), TestHubs.ALPHA);
    alice = http.register("alpha", "alice");
    bob = http.register("alpha", "bob");
  }

  @AfterContainer
  static void stop() {
    hub.stop();
  }

  static List<Route> routes() {
    Map<String, Kind> send = new LinkedHashMap<>();
    send.put("target", Kind.STRING);
    send.put("content", Kind.STRING);
    send.put("delivery", Kind.STRING);
    send.put("correlationId", Kind.STRING);
    send.put("idempotencyKey", Kind.STRING);
    send.put("workflowContext", Kind.OBJECT);
    send.put("ttlMs", Kind.WHOLE);
    send.put("allowOffline", Kind.BOOLEAN);
    Map<String, Kind> fanout = new LinkedHashMap<>();
    fanout.put("targets", Kind.ARRAY);
    fanout.put("content", Kind.STRING);
    fanout.put("correlationId", Kind.STRING);
    fanout.put("idempotencyKeyPrefix", Kind.STRING);
    fanout.put("workflowContext", Kind.OBJECT);
    fanout.put("ttlMs", Kind.WHOLE);
    fanout.put("timeoutMs", Kind.WHOLE);
    Map<String, Kind> register = new LinkedHashMap<>();
    register.put("name", Kind.STRING);
    register.put("purpose", Kind.STRING);
    register.put("model", Kind.STRING);
    register.put("host", Kind.STRING);
    Map<String, Kind> lease = new LinkedHashMap<>();
    lease.put("ttlMs", Kind.WHOLE);
    lease.put("fencingToken", Kind.WHOLE);
    Map<String, Kind> packet = new LinkedHashMap<>();
    packet.put("role", Kind.STRING);
    packet.put("task", Kind.STRING);
    packet.put("budgetTokens", Kind.WHOLE);
    packet.put("project", Kind.STRING);
    packet.put("workflowRunId", Kind.STRING);
    packet.put("stageId", Kind.STRING);
    packet.put("includeKinds", Kind.ARRAY);
    String agent = "/v1/agents/" + alice.id();
    return List.of(
        new Route(agent + "/messages", Map.of("target", "\"bob\"", "content", "\"hello\""), send),
        new Route(
            agent + "/fanout",
            Map.of("targets", "[\"bob\"]", "content", "\"hello\"", "timeoutMs", "100"),
            fanout),
        new Route(
            "/v1/projects/alpha/agents",
            Map.of("name", "\"mallory\"", "purpose", "\"x\""),
            register),
        new Route(agent + "/leases/hostile-strict", Map.of("ttlMs", "30000"), lease),
        new Route(
            agent + "/context/packet",
            Map.of("role", "\"critic\"", "task", "\"review the change\""),
            packet));
  }

  @Provide
  Arbitrary<Input> inputs() {
    Arbitrary<Route> route = Arbitraries.of(routes());
    Arbitrary<String> unknownName =
        Arbitraries.strings().alpha().numeric().withChars('_', '-').ofMinLength(1).ofMaxLength(16);
    return route.flatMap(r -> {
      Arbitrary<String> declared = Arbitraries.of(List.copyOf(r.fields().keySet()));
      Arbitrary<String> present = Arbitraries.of(List.copyOf(r.valid().keySet()));
      Arbitrary<Input> unknown =
          Combinators.combine(unknownName.filter(n -> !r.fields().containsKey(n)), values())
              .as((name, value) -> build(r, Break.UNKNOWN_FIELD, name, value));
      Arbitrary<Input> wrongType =
          declared.flatMap(field ->
              Arbitraries.of(otherThan(r.fields().get(field)))
                  .map(value -> build(r, Break.WRONG_TYPE, field, value)));
      Arbitrary<Input> duplicate =
          Combinators.combine(present, values())
              .as((field, value) -> build(r, Break.DUPLICATE_KEY, field, value));
      return Arbitraries.oneOf(unknown, wrongType, duplicate);
    });
  }

  private static Arbitrary<String> values() {
    return Arbitraries.oneOf(
        Arbitraries.of(Kind.values()).map(k -> k.sample),
        Arbitraries.strings().all().ofMaxLength(20).map(Json::write),
        Arbitraries.longs().map(String::valueOf),
        Arbitraries.of("null", "1.5", "-0", "\"\""));
  }

  private static List<String> otherThan(Kind kind) {
    List<String> out = new ArrayList<>();
    for (Kind other : Kind.values()) {
      if (other != kind) {
        out.add(other.sample);
      }
    }
    if (kind == Kind.WHOLE) {
      out.add("5000.7");
      out.add("\"5000\"");
    }
    return out;
  }

  private static Input build(Route route, Break kind, String field, String value) {
    StringBuilder body = new StringBuilder("{");
    route
        .valid()
        .forEach((name, json) -> {
          String shown = kind == Break.WRONG_TYPE && name.equals(field) ? value : json;
          body.append(body.length() > 1 ? "," : "").append(Json.write(name)).append(':');
          body.append(shown);
        });
    if (kind == Break.UNKNOWN_FIELD
        || kind == Break.DUPLICATE_KEY
        || (kind == Break.WRONG_TYPE && !route.valid().containsKey(field))) {
      body.append(body.length() > 1 ? "," : "").append(Json.write(field)).append(':');
      body.append(value);
    }
    return new Input(route, kind, field, value, body.append('}').toString());
  }

  @Property(tries = Hostile.TRIES)
  void a_broken_body_is_refused_with_its_code_naming_the_field_and_changes_nothing(
      @ForAll("inputs") Input input) throws Exception {
    List<String> before = snapshot();

    Reply reply = http.post(input.route().path(), alice, input.body());

    String shown = Hostile.abbreviate(input.body(), 200);
    assertThat(reply.status()).as("%s %s: %s", input.route().path(), shown, reply).isEqualTo(400);
    String code = reply.body().path("error").path("code").asString();
    String message = reply.body().path("error").path("message").asString();
    String expected =
        switch (input.kind()) {
          case UNKNOWN_FIELD -> "unknown_field";
          case WRONG_TYPE -> "invalid_type";
          case DUPLICATE_KEY -> "duplicate_key";
        };
    assertThat(code).as("%s %s: %s", input.route().path(), shown, reply).isEqualTo(expected);
    assertThat(message).as(reply.toString()).startsWith(input.field() + " ");
    assertThat(reply.body().path("error").path("hint").asString()).isNotBlank();
    Hostile.assertNoStackTrace("refusal", reply.body().toString());
    assertThat(snapshot()).as("state after %s", shown).isEqualTo(before);
  }

  /** What a wrongly accepted body would change: bob's inbox, the agents, alice's lease. */
  private static List<String> snapshot() throws Exception {
    Reply inbox = http.get("/v1/agents/" + bob.id() + "/inbox", bob);
    Reply peers = http.get("/v1/agents/" + bob.id() + "/peers?includeOffline=true", bob);
    // alice renews only a lease she holds: a wrongly accepted acquire would show here
    Reply lease =
        http.post("/v1/agents/" + alice.id() + "/leases/hostile-strict/renew", alice, "{}");
    return List.of(
        Integer.toString(inbox.body().path("messages").size()),
        peers.body().path("agents").findValuesAsString("name").toString(),
        Integer.toString(lease.status()));
  }
}
