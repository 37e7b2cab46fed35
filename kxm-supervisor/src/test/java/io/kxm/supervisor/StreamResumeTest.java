package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.paths.StatePaths;
import io.kxm.session.api.SessionSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A client cut off at random points resumes a 10,000-event run stream without gap or repeat. */
class StreamResumeTest {
  static final int DELTAS = 10_000;
  static final int CUTS = 200;

  @TempDir Path dir;
  Supervisor supervisor;
  SessionCalls calls;

  @BeforeEach
  void start() throws Exception {
    supervisor = Supervisor.start(config(dir.resolve("state"), SessionSettings.DEFAULTS));
    calls =
        new SessionCalls(
            supervisor.url(), SupervisorToken.read(supervisor.tokenFile()).orElseThrow());
  }

  @AfterEach
  void stop() {
    supervisor.stop();
  }

  static SupervisorConfig config(Path state, SessionSettings sessions) {
    return new SupervisorConfig(
        new StatePaths(state),
        (project, folder) -> {
          throw new AssertionError("no project is opened by these tests");
        },
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        Clock.systemUTC(),
        sessions,
        NetworkSettings.LOOPBACK);
  }

  @Test
  void a_client_cut_at_200_random_points_sees_every_event_once_in_order() throws Exception {
    long seed = Long.getLong("kxm.test.seed", new Random().nextLong());
    System.out.println(
        "StreamResumeTest seed " + seed + " (rerun with -Dkxm.test.seed=" + seed + ")");
    Random random = new Random(seed);
    TreeSet<Integer> cuts = new TreeSet<>();
    while (cuts.size() < CUTS) {
      cuts.add(1 + random.nextInt(DELTAS));
    }

    Path workspace = Files.createDirectories(dir.resolve("workspace"));
    String session = calls.createSession(workspace, SessionCalls.echoAgent());
    String runId = calls.submitted(session, "stream " + DELTAS);

    List<Long> seen = new ArrayList<>();
    int connections = 0;
    boolean ended = false;
    while (!ended) {
      Map<String, String> headers = Map.of();
      String query = "";
      if (!seen.isEmpty()) {
        long last = seen.getLast();
        if (connections % 2 == 0) {
          headers = Map.of("Last-Event-ID", Long.toString(last));
        } else {
          query = "?after=" + last;
        }
      }
      connections++;
      Integer cut = cuts.higher(seen.size());
      try (SseClient stream = calls.runEvents(runId, headers, query)) {
        assertThat(stream.status()).isEqualTo(200);
        while (true) {
          if (cut != null && seen.size() >= cut) {
            break; // drop the connection mid-stream
          }
          SseClient.Frame frame = stream.next();
          if (frame == null) {
            ended = true;
            break;
          }
          assertThat(frame.id()).isEqualTo(frame.data().get("seq").asLong());
          assertThat(frame.event()).isEqualTo(frame.type());
          assertThat(frame.runId()).isEqualTo(runId);
          seen.add(frame.id());
        }
      }
    }

    List<Long> stored = calls.replayAll(runId).stream().map(SseClient.Frame::id).toList();
    assertThat(connections).isEqualTo(CUTS + 1);
    assertThat(stored).hasSizeGreaterThan(DELTAS).isSorted().doesNotHaveDuplicates();
    assertThat(seen).isEqualTo(stored);
    assertThat(calls.run(runId).path("run").path("status").asString()).isEqualTo("completed");
    assertThat(calls.run(runId).path("run").path("finalMessage").asString())
        .isEqualTo("streamed " + DELTAS + " deltas");
  }
}
