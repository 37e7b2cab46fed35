package io.kxm.runtime.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Stored run logs were sealed with these exact bodies and hashes; they must keep verifying. */
class StoredEventHashTest {
  @Test
  void sealed_events_keep_the_bodies_and_hashes_stored_logs_hold() {
    StoredEvent one =
        StoredEvent.seal(
            "run_pin",
            1,
            Instant.parse("2026-01-02T03:04:05Z"),
            StoredEvent.GENESIS,
            new RunEvent.RunMoved(RunStatus.QUEUED, "queued \u00e9"));
    StoredEvent two =
        StoredEvent.seal(
            "run_pin",
            2,
            Instant.parse("2026-01-02T03:04:06.5Z"),
            one.hash(),
            new RunEvent.StepMoved("build", StepStatus.PENDING, null));

    assertThat(one.body())
        .isEqualTo(
            "{\"at\":\"2026-01-02T03:04:05Z\",\"data\":{\"reason\":\"queued \u00e9\","
                + "\"to\":\"queued\"},\"prevHash\":\""
                + "0".repeat(64)
                + "\","
                + "\"runId\":\"run_pin\",\"seq\":1,\"type\":\"run.moved\"}");
    assertThat(one.hash())
        .isEqualTo("0423d48704bf7b56b4cdd4793e8ae347bc44d7981083e8865129f9527ce3a029");
    assertThat(two.body())
        .isEqualTo(
            "{\"at\":\"2026-01-02T03:04:06.500Z\",\"data\":{\"detail\":null,\"stepId\":\"build\","
                + "\"to\":\"pending\"},\"prevHash\":\""
                + one.hash()
                + "\","
                + "\"runId\":\"run_pin\",\"seq\":2,\"type\":\"step.moved\"}");
    assertThat(two.hash())
        .isEqualTo("d6fc8c8f1811ccfb8a67fb9a8894db38d544279f144108cf0f501447ff060b27");
    assertThat(RunChain.verify("run_pin", List.of(one, two)).ok()).isTrue();
  }

  @Test
  void a_body_edited_without_its_hash_is_named_before_its_predecessor() {
    StoredEvent one =
        StoredEvent.seal(
            "run_pin",
            1,
            Instant.parse("2026-01-02T03:04:05Z"),
            StoredEvent.GENESIS,
            new RunEvent.RunMoved(RunStatus.QUEUED, "queued"));
    StoredEvent forged =
        new StoredEvent(
            one.runId(),
            one.sequence(),
            one.type(),
            one.at(),
            "f".repeat(64),
            one.body().replace("queued\"", "forged\""),
            one.hash());

    RunChain.Check check = RunChain.verify("run_pin", List.of(forged));

    assertThat(check.ok()).isFalse();
    assertThat(check.firstBadSequence()).isEqualTo(1);
    assertThat(check.problem()).isEqualTo("event_hash_mismatch");
  }
}
