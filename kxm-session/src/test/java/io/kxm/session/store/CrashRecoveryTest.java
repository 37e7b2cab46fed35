package io.kxm.session.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.StreamKey;
import io.kxm.testkit.SettableClock;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrashRecoveryTest {
  private static final int COMMITTED_BEFORE_KILL = 400;

  @TempDir Path dir;

  @Test
  void a_writer_killed_mid_appends_leaves_a_sound_store_with_every_acknowledged_event()
      throws Exception {
    Path file = dir.resolve("runtime").resolve("sessions.db");
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // A quick start matters more here than peak speed.
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                AppendingChild.class.getName(),
                file.toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String runId = null;
    Set<Long> acknowledged = new HashSet<>();
    List<String> lines = new ArrayList<>();
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        lines.add(line);
        if (line.startsWith("run ")) {
          runId = line.substring(4);
        } else if (line.startsWith("committed ")) {
          acknowledged.add(Long.parseLong(line.substring(10)));
          if (acknowledged.size() == COMMITTED_BEFORE_KILL) {
            // SIGKILL; it also closes this end of the pipe, so nothing more is read.
            child.destroyForcibly();
            break;
          }
        }
      }
    } finally {
      child.destroyForcibly();
      assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(runId).as("the child's output: %s", lines.stream().limit(5).toList()).isNotNull();
    assertThat(acknowledged).hasSize(COMMITTED_BEFORE_KILL);
    assertThat(child.exitValue()).as("killed, not finished").isNotZero();

    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("ok");
    }
    try (SqliteSessionStore store = SqliteSessionStore.open(file, SettableClock.atEpochSecond(0))) {
      assertThat(store.verify(runId).ok()).isTrue();
      Set<Long> stored = new HashSet<>();
      for (SessionEvent event : store.replay(StreamKey.run(runId), 0, 1_000_000)) {
        stored.add(event.seq());
      }
      assertThat(stored).containsAll(acknowledged);
      assertThat(store.lastSeq()).isEqualTo(stored.size() + 1L);
    }
  }
}
