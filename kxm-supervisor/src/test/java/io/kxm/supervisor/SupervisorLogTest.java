package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SupervisorLogTest {
  @TempDir Path dir;

  @Test
  void the_log_rolls_over_at_its_size_limit_and_keeps_three_older_files_of_whole_lines()
      throws Exception {
    Path file = dir.resolve("logs/kxm-runtime.jsonl");
    SupervisorLog log = new SupervisorLog(file, Clock.systemUTC(), new PrintStream(System.err));
    String filler = "x".repeat(4096);
    for (int i = 0; i < 2_500; i++) {
      log.info("test.line", Map.of("i", i, "filler", filler));
    }
    log.close();

    assertThat(Files.size(file)).isLessThanOrEqualTo(SupervisorLog.MAX_BYTES);
    for (int i = 1; i <= SupervisorLog.KEEP; i++) {
      Path older = dir.resolve("logs/kxm-runtime.jsonl." + i);
      assertThat(older).exists();
      assertThat(Files.size(older)).isLessThanOrEqualTo(SupervisorLog.MAX_BYTES);
    }
    assertThat(dir.resolve("logs/kxm-runtime.jsonl." + (SupervisorLog.KEEP + 1))).doesNotExist();
    List<String> lines = Files.readAllLines(file);
    assertThat(lines)
        .allSatisfy(
            line -> assertThat(Json.read(line).get("event").asString()).isEqualTo("test.line"));
    assertThat(Json.read(lines.getLast()).get("i").asInt()).isEqualTo(2_499);
  }

  @Test
  void lines_after_close_are_dropped() throws Exception {
    Path file = dir.resolve("kxm-runtime.jsonl");
    SupervisorLog log = new SupervisorLog(file, Clock.systemUTC(), new PrintStream(System.err));
    log.info("before", Map.of());
    log.close();
    log.info("after", Map.of());
    assertThat(Files.readAllLines(file)).hasSize(1).allMatch(l -> l.contains("before"));
  }
}
