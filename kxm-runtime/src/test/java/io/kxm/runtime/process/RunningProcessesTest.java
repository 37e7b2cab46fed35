package io.kxm.runtime.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Records of running child processes, as a restarted supervisor finds them on disk. */
@DisabledOnOs(OS.WINDOWS)
class RunningProcessesTest {
  @TempDir Path dir;
  private final OrphanProcesses orphans = new OrphanProcesses(Duration.ofSeconds(2));
  private Process child;
  private Instant start;

  @BeforeEach
  void startChild() throws Exception {
    child = new ProcessBuilder("sleep", "600").start();
    start = child.info().startInstant().orElseThrow();
  }

  @AfterEach
  void endChild() {
    child.destroyForcibly();
  }

  @Test
  void a_process_recorded_by_an_earlier_supervisor_is_ended_and_forgotten() throws Exception {
    new RunningProcesses(dir).started(child.pid(), start);

    int ended = new RunningProcesses(dir).endOrphans(orphans);

    assertThat(ended).isEqualTo(1);
    assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(dir).isEmptyDirectory();
  }

  @Test
  void a_pid_whose_start_time_differs_is_never_signalled_and_its_row_is_dropped() throws Exception {
    new RunningProcesses(dir).started(child.pid(), start.minus(Duration.ofHours(1)));

    int ended = new RunningProcesses(dir).endOrphans(orphans);

    assertThat(ended).isZero();
    assertThat(child.isAlive()).isTrue();
    assertThat(dir).isEmptyDirectory();
  }

  @Test
  void the_processes_this_supervisor_runs_are_left_alone_until_they_end() throws Exception {
    RunningProcesses mine = new RunningProcesses(dir);
    mine.started(child.pid(), start);

    assertThat(mine.endOrphans(orphans)).isZero();
    assertThat(child.isAlive()).isTrue();
    try (var rows = Files.list(dir)) {
      assertThat(rows).hasSize(1);
    }

    mine.ended(child.pid());
    assertThat(dir).isEmptyDirectory();
  }
}
