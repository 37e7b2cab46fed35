package io.kxm.cli.agent.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.session.SessionSupervisor;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.client.AgentCredentials;
import io.kxm.client.AgentSpec;
import io.kxm.client.HttpPeerOperations;
import io.kxm.client.HubAgents;
import io.kxm.client.HubHttp;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.peer.PeerMessage;
import io.kxm.hub.HubServer;
import io.kxm.runtime.api.DriveResult;
import io.kxm.runtime.api.Verification;
import io.kxm.runtime.gate.ProcessGateExecutor;
import io.kxm.runtime.hub.HubHandoffProducer;
import io.kxm.runtime.hub.RuntimeAgent;
import io.kxm.runtime.producer.SimulatedProducer;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.project.ProjectRuntime;
import io.kxm.runtime.run.AttemptResult;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.StoredEvent;
import io.kxm.runtime.store.RunEventStore;
import io.kxm.runtime.sync.HubBinding;
import io.kxm.testkit.GitRepository;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A live drive whose agent step is handed to a hub agent: the project's runtime agent sends the
 * step as a durable request through the bound hub, a real {@code kxm agent worker} on the command
 * harness answers it, and the reply is the step's outcome.
 */
class HandoffDriveTest {
  @TempDir Path dir;
  WorkerFixture fx;
  Path repo;
  StatePaths state;

  @BeforeEach
  void project() throws Exception {
    repo = GitRepository.withOneCommit(dir.resolve("repo"), "README.md", "a project\n");
    write("project.yaml", "name: handoff\n");
    write(
        "agents/reviewer.yaml",
        "id: reviewer\nmodel: anthropic/claude-sonnet-4-5\npurpose: Reviews the change.\n"
            + "hubAgent: reviewer\n");
    write(
        "workflows/review.yaml",
        """
        apiVersion: kxm.workflow.v1
        id: review
        coordinator: reviewer
        steps:
          - id: review
            type: agent
            agent: reviewer
            prompt: Review the greeting.
        """);
    GitRepository.commitAll(repo, "kxm");
    state = new StatePaths(dir.resolve("drive-state"));
  }

  @AfterEach
  void close() {
    if (fx != null) {
      fx.close();
    }
  }

  @Test
  void a_step_handed_to_a_hub_agent_is_answered_by_kxm_agent_worker_and_its_reply_is_the_outcome()
      throws Exception {
    fx = WorkerFixture.start(dir.resolve("fx"));
    fx.startWorker(
        "reviewer",
        List.of("--harness", "command", "--", "python3", SessionSupervisor.echoAgent()));
    new HubBinding(URI.create(fx.hub.baseUrl()), TestEnv.ALPHA, "alpha", Instant.now())
        .save(state, key());

    try (ProjectRuntime runtime = runtime()) {
      String runId = runtime.create("review", "Check the spelling.", false).runId();
      DriveResult result = runtime.drive(runId, false);

      assertThat(result.run().run().status()).as(result.run().reason()).isEqualTo("completed");
      String answer = answers(runtime, runId).getFirst();
      assertThat(answer).startsWith("echo: ").contains("Review the greeting.");
      Matcher request =
          Pattern.compile("Request (\\S+) from agent ([A-Za-z0-9_-]+)").matcher(answer);
      assertThat(request.find()).as(answer).isTrue();
      Path folder = ProjectKeys.eventStore(state, key()).getParent();
      try (RuntimeAgent agent = RuntimeAgent.of(folder, Clock.systemUTC()).orElseThrow()) {
        assertThat(request.group(2)).isEqualTo(agent.name());
        PeerMessage sent = agent.peers(p -> p.get(request.group(1)));
        assertThat(sent.correlationId()).isEqualTo(runId + "/review/1");
        assertThat(sent.toName()).isEqualTo("reviewer");
        assertThat(sent.status()).isEqualTo(MessageStatus.REPLIED);
        assertThat(sent.reply()).isEqualTo(answer);
      }
      Verification verify = runtime.verify(runId);
      assertThat(verify.ok()).as(verify.message()).isTrue();
    }
  }

  @Test
  void cancelling_the_run_while_the_hub_agent_has_not_answered_cancels_the_request_and_the_attempt()
      throws Exception {
    try (HubServer hub = RealHub.start(dir.resolve("hub"));
        HubHttp http = new HubHttp(URI.create(hub.baseUrl()), TestEnv.ALPHA)) {
      AgentCredentials reviewer =
          HubAgents.register(http, "alpha", new AgentSpec("reviewer", null, null, null));
      HttpPeerOperations inbox = new HttpPeerOperations(http, reviewer, Clock.systemUTC());
      new HubBinding(URI.create(hub.baseUrl()), TestEnv.ALPHA, "alpha", Instant.now())
          .save(state, key());
      try (ProjectRuntime runtime = runtime()) {
        String runId = runtime.create("review", "Check the spelling.", false).runId();
        CompletableFuture<DriveResult> drive =
            CompletableFuture.supplyAsync(() -> runtime.drive(runId, false));
        await().atMost(WorkerFixture.WAIT).until(() -> !inbox.inbox().isEmpty());
        PeerMessage asked = inbox.inbox().getFirst();
        assertThat(asked.correlationId()).isEqualTo(runId + "/review/1");

        runtime.cancel(runId);
        DriveResult result = drive.get();

        assertThat(result.run().run().status()).isEqualTo("cancelled");
        assertThat(inbox.get(asked.id()).status()).isEqualTo(MessageStatus.CANCELLED);
        assertThat(
                events(runtime, runId).stream()
                    .map(StoredEvent::event)
                    .filter(RunEvent.AttemptMoved.class::isInstance)
                    .map(e -> ((RunEvent.AttemptMoved) e).result())
                    .filter(r -> r != null))
            .containsExactly(AttemptResult.CANCELLED);
        assertThat(runtime.verify(runId).ok()).isTrue();
      }
    }
  }

  @Test
  void a_request_the_hub_expires_unanswered_leaves_each_attempt_outcome_unknown() throws Exception {
    write(
        "workflows/quick.yaml",
        """
        apiVersion: kxm.workflow.v1
        id: quick
        coordinator: reviewer
        steps:
          - id: glance
            type: agent
            agent: reviewer
            prompt: Glance at it.
            timeoutMs: 1000
        """);
    GitRepository.commitAll(repo, "quick");
    try (HubServer hub = RealHub.start(dir.resolve("hub"));
        HubHttp http = new HubHttp(URI.create(hub.baseUrl()), TestEnv.ALPHA)) {
      HubAgents.register(http, "alpha", new AgentSpec("reviewer", null, null, null));
      new HubBinding(URI.create(hub.baseUrl()), TestEnv.ALPHA, "alpha", Instant.now())
          .save(state, key());
      try (ProjectRuntime runtime = runtime()) {
        String runId = runtime.create("quick", "Now.", false).runId();

        DriveResult result = runtime.drive(runId, false);

        assertThat(result.run().run().status()).isEqualTo("failed");
        List<RunEvent.AttemptMoved> ended =
            events(runtime, runId).stream()
                .map(StoredEvent::event)
                .filter(RunEvent.AttemptMoved.class::isInstance)
                .map(RunEvent.AttemptMoved.class::cast)
                .filter(a -> a.result() != null)
                .toList();
        assertThat(ended)
            .hasSize(2)
            .allSatisfy(a -> {
              assertThat(a.result()).isEqualTo(AttemptResult.OUTCOME_UNKNOWN);
              assertThat(a.detail()).contains("to hub agent reviewer expired unanswered");
            });
        assertThat(result.run().steps())
            .singleElement()
            .satisfies(st -> assertThat(st.detail()).isEqualTo("attempts_exhausted"));
      }
    }
  }

  @Test
  void a_hand_off_in_a_project_bound_to_no_hub_is_rejected_before_anything_is_sent()
      throws Exception {
    try (ProjectRuntime runtime = runtime()) {
      String runId = runtime.create("review", "Check the spelling.", false).runId();

      DriveResult result = runtime.drive(runId, false);

      assertThat(result.run().run().status()).isEqualTo("failed");
      List<RunEvent.AttemptMoved> ended =
          events(runtime, runId).stream()
              .map(StoredEvent::event)
              .filter(RunEvent.AttemptMoved.class::isInstance)
              .map(RunEvent.AttemptMoved.class::cast)
              .filter(a -> a.result() != null)
              .toList();
      assertThat(ended)
          .singleElement()
          .satisfies(a -> {
            assertThat(a.result()).isEqualTo(AttemptResult.PRODUCER_REJECTED);
            assertThat(a.detail()).startsWith("run_hub_not_bound: ");
          });
    }
  }

  private ProjectRuntime runtime() {
    return ProjectRuntime.open(
        state,
        repo,
        Clock.systemUTC(),
        new HubHandoffProducer(state, Clock.systemUTC(), null),
        new SimulatedProducer(),
        new ProcessGateExecutor());
  }

  private List<String> answers(ProjectRuntime runtime, String runId) {
    return events(runtime, runId).stream()
        .map(StoredEvent::event)
        .filter(RunEvent.AnswerRecorded.class::isInstance)
        .map(e -> ((RunEvent.AnswerRecorded) e).text())
        .toList();
  }

  private static List<StoredEvent> events(ProjectRuntime runtime, String runId) {
    try (RunEventStore store = RunEventStore.open(runtime.eventStoreFile())) {
      return store.events(runId);
    }
  }

  private String key() {
    return ProjectKeys.key(ProjectKeys.canonical(repo));
  }

  private void write(String file, String content) throws Exception {
    Path target = repo.resolve(".kxm").resolve(file);
    Files.createDirectories(target.getParent());
    Files.writeString(target, content);
  }
}
