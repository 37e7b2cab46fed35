package io.kxm.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.TestEnv;
import io.kxm.client.AgentCredentials;
import io.kxm.client.AgentLeases;
import io.kxm.client.AgentSpec;
import io.kxm.client.HubAgents;
import io.kxm.client.HubHttp;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.runtime.api.DriveResult;
import io.kxm.runtime.api.Verification;
import io.kxm.runtime.gate.ProcessGateExecutor;
import io.kxm.runtime.hub.RuntimeAgent;
import io.kxm.runtime.producer.SimulatedProducer;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.project.ProjectRuntime;
import io.kxm.runtime.run.LeaseStatus;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.StoredEvent;
import io.kxm.runtime.store.RunEventStore;
import io.kxm.runtime.sync.HubBinding;
import io.kxm.testkit.GitRepository;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Fenced leases of a workflow's shared resources, on a real hub: a gate step that uses {@code
 * deploy} runs as a real child process with the lease's fencing token, which it checks against the
 * hub itself ({@code POST …/leases/deploy/fence}) once the test lets it go on.
 */
class LeaseDriveTest {
  @TempDir Path dir;
  Path repo;
  Path signals;
  StatePaths state;
  HubServer hub;
  HubHttp http;

  @BeforeEach
  void hubAndProject() throws Exception {
    Map<String, String> env = TestEnv.hub(dir);
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("hub")), env);
    http = new HubHttp(URI.create(hub.baseUrl()), TestEnv.ALPHA);
    state = new StatePaths(dir.resolve("state"));
    signals = Files.createDirectories(dir.resolve("signals"));
    AgentCredentials checker =
        HubAgents.register(http, "alpha", new AgentSpec("checker", null, null, null));
    Files.writeString(
        signals.resolve("checker.env"),
        "AGENT_ID="
            + checker.agentId()
            + "\nAGENT_KEY="
            + checker.agentKey()
            + "\nTOKEN="
            + TestEnv.ALPHA
            + "\n");
    Path script = dir.resolve("deploy-gate");
    Files.writeString(
        script,
        """
        #!/bin/sh
        # Records its fencing token, waits to be let go on, then asks the hub whether it is current.
        out="$1"
        echo "$KXM_FENCE_DEPLOY" > "$out/token.tmp" && mv "$out/token.tmp" "$out/token"
        while [ ! -f "$out/go" ]; do sleep 0.05; done
        . "$out/checker.env"
        status=$(curl -s -o "$out/fence.json" -w '%{http_code}' -X POST \\
          -H "Authorization: Bearer $TOKEN" -H "X-KXM-Agent-Key: $AGENT_KEY" \\
          -H 'Content-Type: application/json' -d "{\\"fencingToken\\":$KXM_FENCE_DEPLOY}" \\
          "$KXM_HUB_URL/v1/agents/$AGENT_ID/leases/deploy/fence")
        echo "$status" > "$out/status"
        [ "$status" = 200 ]
        """);
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    repo = GitRepository.withOneCommit(dir.resolve("repo"), "README.md", "a project\n");
    write("project.yaml", "name: leases\ndefaultHarness: builtin\n");
    write("agents/coder.yaml", "id: coder\nmodel: anthropic/claude-sonnet-4-5\npurpose: Ships.\n");
    write(
        "gates.yaml",
        """
        gates:
          deploy:
            argv: ["%s", "%s"]
            timeoutMs: 60000
        """
            .formatted(script, signals));
  }

  @AfterEach
  void stop() {
    http.close();
    hub.close();
  }

  @Test
  void a_step_takes_renews_and_releases_its_lease_and_its_gate_sees_a_current_token()
      throws Exception {
    workflow(3000);
    bind();
    try (ProjectRuntime runtime = runtime()) {
      String runId = runtime.create("ship", "Ship it.", false).runId();
      CompletableFuture<DriveResult> drive =
          CompletableFuture.supplyAsync(() -> runtime.drive(runId, true));

      await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(signals.resolve("token")));
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() ->
              leaseMoves(runtime, runId).stream().anyMatch(l -> l.to() == LeaseStatus.RENEWED));
      Files.writeString(signals.resolve("go"), "");
      DriveResult result = drive.get();

      assertThat(result.run().run().status()).isEqualTo("completed");
      assertThat(Files.readString(signals.resolve("status")).strip()).isEqualTo("200");
      List<RunEvent.LeaseMoved> moves = leaseMoves(runtime, runId);
      assertThat(moves.getFirst().to()).isEqualTo(LeaseStatus.TAKEN);
      assertThat(moves.getLast().to()).isEqualTo(LeaseStatus.RELEASED);
      assertThat(moves).extracting(RunEvent.LeaseMoved::to).contains(LeaseStatus.RENEWED);
      assertThat(moves).allMatch(m -> m.resource().equals("deploy") && m.stepId().equals("ship"));
      assertThat(Files.readString(signals.resolve("token")).strip())
          .isEqualTo(Long.toString(moves.getFirst().fencingToken()));
      Verification verify = runtime.verify(runId);
      assertThat(verify.ok()).as(verify.message()).isTrue();
      Path agentFile = ProjectKeys.eventStore(state, key()).resolveSibling(RuntimeAgent.FILE);
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(agentFile)))
          .isEqualTo("rw-------");
    }
  }

  @Test
  void a_gate_that_presents_its_token_after_another_holder_took_the_lease_is_refused_by_the_hub()
      throws Exception {
    workflow(60_000);
    bind();
    try (ProjectRuntime runtime = runtime()) {
      String runId = runtime.create("ship", "Ship it.", false).runId();
      CompletableFuture<DriveResult> drive =
          CompletableFuture.supplyAsync(() -> runtime.drive(runId, true));
      await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(signals.resolve("token")));
      long first = Long.parseLong(Files.readString(signals.resolve("token")).strip());

      long second = takeOver();
      Files.writeString(signals.resolve("go"), "");
      DriveResult result = drive.get();

      assertThat(second).isGreaterThan(first);
      assertThat(Files.readString(signals.resolve("status")).strip()).isEqualTo("409");
      JsonNode refusal = Json.read(Files.readString(signals.resolve("fence.json")));
      assertThat(refusal.path("error").path("code").asString()).isEqualTo("lease_fenced");
      assertThat(result.run().run().status()).isEqualTo("failed");
      assertThat(leaseMoves(runtime, runId).getLast().to()).isEqualTo(LeaseStatus.LOST);
      assertThat(runtime.verify(runId).ok()).isTrue();
    }
  }

  @Test
  void a_drive_whose_renewal_is_refused_stops_the_step_as_lease_lost() throws Exception {
    workflow(3000);
    bind();
    try (ProjectRuntime runtime = runtime()) {
      String runId = runtime.create("ship", "Ship it.", false).runId();
      CompletableFuture<DriveResult> drive =
          CompletableFuture.supplyAsync(() -> runtime.drive(runId, true));
      await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(signals.resolve("token")));

      takeOver();
      DriveResult result = drive.get();

      assertThat(result.run().run().status()).isEqualTo("failed");
      assertThat(result.run().reason()).startsWith("lease_lost: the lease on 'deploy' was lost");
      assertThat(result.run().steps())
          .singleElement()
          .satisfies(s -> assertThat(s.detail()).isEqualTo("lease_lost"));
      RunEvent.LeaseMoved lost = leaseMoves(runtime, runId).getLast();
      assertThat(lost.to()).isEqualTo(LeaseStatus.LOST);
      assertThat(lost.detail()).startsWith("lease_not_held");
      assertThat(attemptDetails(runtime, runId)).anyMatch(d -> d.startsWith("lease_lost"));
      assertThat(signals.resolve("status")).doesNotExist();
      assertThat(runtime.verify(runId).ok()).isTrue();
    }
  }

  @Test
  void a_step_that_uses_a_resource_in_a_project_bound_to_no_hub_is_refused() throws Exception {
    workflow(3000);
    try (ProjectRuntime runtime = runtime()) {
      String runId = runtime.create("ship", "Ship it.", false).runId();

      DriveResult result = runtime.drive(runId, true);

      assertThat(result.run().run().status()).isEqualTo("failed");
      assertThat(result.run().steps())
          .singleElement()
          .satisfies(s -> assertThat(s.detail()).isEqualTo("run_hub_not_bound"));
      assertThat(result.run().reason()).contains("is not bound to one");
      assertThat(signals.resolve("token")).doesNotExist();
    }
  }

  /**
   * Ends the runtime's lease as its own agent would, then another agent takes the resource: the hub
   * hands that holder the next fencing token.
   */
  private long takeOver() throws Exception {
    Path agentFile = ProjectKeys.eventStore(state, key()).resolveSibling(RuntimeAgent.FILE);
    JsonNode stored = Json.read(Files.readString(agentFile));
    AgentCredentials runtimeAgent =
        new AgentCredentials(
            stored.path("agentId").asString(),
            stored.path("agentKey").asString(),
            stored.path("name").asString(),
            "alpha",
            Duration.ofSeconds(60),
            null);
    new AgentLeases(http, runtimeAgent).release("deploy");
    AgentCredentials other =
        HubAgents.register(http, "alpha", new AgentSpec("other", null, null, null));
    return new AgentLeases(http, other).acquire("deploy", Duration.ofMinutes(5)).fencingToken();
  }

  private void workflow(long ttlMs) throws Exception {
    write(
        "workflows/ship.yaml",
        """
        apiVersion: kxm.workflow.v1
        id: ship
        coordinator: coder
        resources:
          deploy:
            description: the staging deployment
            ttlMs: %d
        steps:
          - id: ship
            type: gate
            gate: deploy
            uses: [deploy]
        """
            .formatted(ttlMs));
    GitRepository.commitAll(repo, "kxm");
  }

  private void bind() throws Exception {
    new HubBinding(URI.create(hub.baseUrl()), TestEnv.ALPHA, "alpha", Instant.now())
        .save(state, key());
  }

  private String key() throws Exception {
    return ProjectKeys.key(ProjectKeys.canonical(repo));
  }

  private ProjectRuntime runtime() {
    return ProjectRuntime.open(
        state, repo, Clock.systemUTC(), null, new SimulatedProducer(), new ProcessGateExecutor());
  }

  private List<RunEvent.LeaseMoved> leaseMoves(ProjectRuntime runtime, String runId) {
    return events(runtime, runId).stream()
        .map(StoredEvent::event)
        .filter(RunEvent.LeaseMoved.class::isInstance)
        .map(RunEvent.LeaseMoved.class::cast)
        .toList();
  }

  private List<String> attemptDetails(ProjectRuntime runtime, String runId) {
    return events(runtime, runId).stream()
        .map(StoredEvent::event)
        .filter(RunEvent.AttemptMoved.class::isInstance)
        .map(e -> ((RunEvent.AttemptMoved) e).detail())
        .filter(d -> d != null)
        .toList();
  }

  private static List<StoredEvent> events(ProjectRuntime runtime, String runId) {
    try (RunEventStore store = RunEventStore.open(runtime.eventStoreFile())) {
      return store.events(runId);
    }
  }

  private void write(String file, String content) throws Exception {
    Path target = repo.resolve(".kxm").resolve(file);
    Files.createDirectories(target.getParent());
    Files.writeString(target, content);
  }
}
