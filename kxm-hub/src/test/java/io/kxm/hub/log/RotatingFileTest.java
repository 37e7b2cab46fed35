package io.kxm.hub.log;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.secret.Redactor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RotatingFileTest {
  @TempDir Path dir;

  byte[] line(int n) {
    return ("{\"n\":" + n + ",\"pad\":\"" + "x".repeat(30) + "\"}\n")
        .getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void the_file_rolls_over_by_size_and_keeps_three_old_ones() throws Exception {
    Path file = dir.resolve("kxm-hub.jsonl");
    try (RotatingFile out = new RotatingFile(file, 100, 3)) {
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
      assertThat(Files.readString(dir.resolve(name)).lines())
          .allMatch(l -> l.startsWith("{") && l.endsWith("}"));
    }
  }

  @Test
  void a_restart_appends_to_the_existing_file() throws Exception {
    Path file = dir.resolve("kxm-hub.jsonl");
    try (RotatingFile out = new RotatingFile(file, 1000, 3)) {
      out.append(line(1));
    }
    try (RotatingFile out = new RotatingFile(file, 1000, 3)) {
      out.append(line(2));
    }

    assertThat(Files.readString(file).lines()).hasSize(2);
  }

  @Test
  void redaction_masks_credential_shapes_in_free_text() {
    String text = "auth Bearer abc.def failed for kxm_admin_AbCdEf123456789 with password=hunter2";

    assertThat(Redactor.redact(text)).doesNotContain("abc.def", "AbCdEf123456789", "hunter2");
  }

  @Test
  void redaction_masks_the_user_and_password_of_a_url_and_keeps_where_it_points() {
    String text =
        "connect to rediss://alice:hunter2@redis.internal:6380/0 failed; see https://example.com/a@b";

    assertThat(Redactor.redact(text))
        .isEqualTo(
            "connect to rediss://[REDACTED]@redis.internal:6380/0 failed; see https://example.com/a@b");
  }
}
