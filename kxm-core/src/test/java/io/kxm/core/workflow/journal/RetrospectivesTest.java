package io.kxm.core.workflow.journal;

import static io.kxm.core.workflow.CheckpointStatus.PASSED;
import static io.kxm.core.workflow.Fixtures.stage;
import static io.kxm.core.workflow.Fixtures.workflow;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.WorkflowContext;
import io.kxm.core.workflow.provenance.CitedMessage;
import io.kxm.core.workflow.run.RunDriver;
import io.kxm.core.workflow.run.WorkflowRunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetrospectivesTest {
  @TempDir Path folder;

  @Test
  void a_finished_run_exports_owner_only_json_and_markdown_without_message_bodies()
      throws Exception {
    RunDriver d =
        new RunDriver(
            workflow(
                stage("build"),
                stage("review").evidence("review").peers("review", 1, false, "alice")));
    d.fail();
    d.pass();
    d.waitFor("ci", Duration.ofMinutes(5));
    d.signal("ci", io.kxm.core.workflow.CheckpointStatus.FAILED, Map.of());
    d.checkpoint(
        PASSED,
        Map.of(),
        Map.of("review", List.of("msg_9")),
        Map.of(
            "msg_9",
            new CitedMessage(
                "msg_9",
                "demo",
                "agt_lead",
                "lead",
                "agt_alice",
                "alice",
                MessageStatus.REPLIED,
                "SECRET REQUEST BODY",
                "SECRET REPLY BODY",
                Instant.EPOCH,
                new WorkflowContext(d.run.id(), "review", "review", 2))));
    assertThat(d.run.status()).isEqualTo(WorkflowRunStatus.COMPLETED);
    JournalEntry lesson =
        new JournalEntry(
            "jrn_1",
            d.run.id(),
            "demo",
            "build",
            1,
            JournalCategory.LESSON,
            ImprovementArea.GATES,
            JournalSeverity.WARNING,
            "lead",
            "use API_KEY=abc123 less",
            null,
            List.of("log line"),
            List.of(),
            Instant.EPOCH);

    Retrospective retro = Retrospectives.of(d.run, d.history, List.of(lesson));
    List<Path> files = Retrospectives.write(folder, retro);

    assertThat(files)
        .extracting(p -> p.getFileName().toString())
        .containsExactly(d.run.id() + ".json", d.run.id() + ".md");
    for (Path file : files) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
          .isEqualTo("rw-------");
      String text = Files.readString(file);
      assertThat(text)
          .doesNotContain("SECRET REQUEST BODY")
          .doesNotContain("SECRET REPLY BODY")
          .doesNotContain("abc123");
    }
    assertThat(retro.path())
        .containsExactly("start", "retry", "next_stage", "wait", "resume", "complete");
    assertThat(retro.signals()).hasSize(1);
    assertThat(retro.stages().get(1).checkpoints().getLast().peerEvidence()).hasSize(1);
    assertThat(Json.read(Files.readString(files.getFirst())).path("runId").asString())
        .isEqualTo(d.run.id());
    assertThat(Files.readString(files.get(1)))
        .contains("# Retrospective of run " + d.run.id())
        .contains("**failed**")
        .contains("[lesson, gates, warning]");
  }
}
