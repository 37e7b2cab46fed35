package io.kxm.core.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonLinesFileTest {
  @TempDir Path dir;

  final List<String> problems = new ArrayList<>();

  static String line(int n) {
    return "{\"n\":" + n + ",\"pad\":\"" + "x".repeat(30) + "\"}";
  }

  @Test
  void the_file_rolls_over_before_a_line_would_pass_its_limit_and_keeps_three_old_ones()
      throws Exception {
    Path file = dir.resolve("kxm-hub.jsonl");
    try (JsonLinesFile out = new JsonLinesFile(file, 100, 3, problems::add)) {
      for (int i = 0; i < 12; i++) {
        out.append(line(i));
      }
    }

    assertThat(Files.size(file)).isLessThanOrEqualTo(100);
    assertThat(dir.resolve("kxm-hub.jsonl.1")).exists();
    assertThat(dir.resolve("kxm-hub.jsonl.3")).exists();
    assertThat(dir.resolve("kxm-hub.jsonl.4")).doesNotExist();
    assertThat(Files.readString(file)).contains("\"n\":11");
    assertThat(Files.readString(dir.resolve("kxm-hub.jsonl.1")))
        .contains("\"n\":9")
        .doesNotContain("\"n\":11");
    for (String name :
        new String[] {"kxm-hub.jsonl", "kxm-hub.jsonl.1", "kxm-hub.jsonl.2", "kxm-hub.jsonl.3"}) {
      Path rolled = dir.resolve(name);
      assertThat(Files.size(rolled)).isLessThanOrEqualTo(100);
      assertThat(Files.readString(rolled).lines())
          .allMatch(l -> l.startsWith("{") && l.endsWith("}"));
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(rolled)))
          .isEqualTo("rw-------");
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void a_restart_appends_to_the_existing_file() throws Exception {
    Path file = dir.resolve("kxm-hub.jsonl");
    try (JsonLinesFile out = new JsonLinesFile(file, 1000, 3, problems::add)) {
      out.append(line(1));
    }
    try (JsonLinesFile out = new JsonLinesFile(file, 1000, 3, problems::add)) {
      out.append(line(2));
    }

    assertThat(Files.readString(file).lines()).containsExactly(line(1), line(2));
  }

  @Test
  void lines_after_close_are_dropped_and_the_folder_is_not_recreated() throws Exception {
    Path file = dir.resolve("logs/kxm-runtime.jsonl");
    JsonLinesFile out = new JsonLinesFile(file, 1000, 3, problems::add);
    out.close();
    out.append(line(1));

    assertThat(dir.resolve("logs")).doesNotExist();
    assertThat(problems).isEmpty();
  }

  @Test
  void a_file_that_cannot_be_written_is_reported_once_and_never_thrown() throws Exception {
    Files.writeString(dir.resolve("logs"), "a file where the folder should be");
    JsonLinesFile out = new JsonLinesFile(dir.resolve("logs/x.jsonl"), 1000, 3, problems::add);

    out.append(line(1));
    out.append(line(2));
    out.close();

    assertThat(problems).hasSize(1).allMatch(p -> p.contains("log lines are lost"));
  }
}
