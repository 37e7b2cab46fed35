package io.kxm.session.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding and probing an agent CLI, with real scripts standing in for its executable. */
class CliBinaryTest {
  static final CliBinary TOOL = new CliBinary("fake-agent", "KXM_FAKE_AGENT_BIN", "@example/agent");

  @TempDir Path dir;

  @Test
  void the_cli_on_the_path_is_found_with_the_version_it_prints() throws IOException {
    Path bin = script("bin/fake-agent", "echo '1.2.3 (Fake Agent)'");

    CliBinary.Found found = TOOL.locate(Map.of("PATH", "/nonexistent:" + bin.getParent()));

    assertThat(found.path()).isEqualTo(bin);
    assertThat(found.version()).isEqualTo("1.2.3 (Fake Agent)");
  }

  @Test
  void the_override_variable_wins_over_the_path() throws IOException {
    script("bin/fake-agent", "echo path");
    Path named = script("elsewhere/agent", "echo override");

    CliBinary.Found found =
        TOOL.locate(
            Map.of("PATH", dir.resolve("bin").toString(), "KXM_FAKE_AGENT_BIN", named.toString()));

    assertThat(found.version()).isEqualTo("override");
  }

  @Test
  void an_override_naming_no_file_is_refused_without_falling_back_to_the_path() throws IOException {
    script("bin/fake-agent", "echo path");
    Map<String, String> env =
        Map.of(
            "PATH",
            dir.resolve("bin").toString(),
            "KXM_FAKE_AGENT_BIN",
            dir.resolve("missing").toString());

    assertThatThrownBy(() -> TOOL.locate(env))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.HARNESS_UNAVAILABLE))
        .hasMessageContaining("KXM_FAKE_AGENT_BIN")
        .hasMessageContaining("npm install -g @example/agent");
  }

  @Test
  void a_cli_missing_from_the_path_is_refused_naming_the_package() {
    assertThatThrownBy(() -> TOOL.locate(Map.of("PATH", dir.toString())))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.HARNESS_UNAVAILABLE))
        .hasMessageContaining("'fake-agent' is not on the PATH")
        .hasMessageContaining("@example/agent");
  }

  @Test
  void a_cli_whose_version_probe_fails_is_refused_with_what_it_said() throws IOException {
    script("bin/fake-agent", "echo 'broken install' >&2; exit 3");

    assertThatThrownBy(() -> TOOL.locate(Map.of("PATH", dir.resolve("bin").toString())))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.HARNESS_UNAVAILABLE))
        .hasMessageContaining("exited with 3")
        .hasMessageContaining("broken install");
  }

  @Test
  void a_file_that_is_not_executable_is_not_a_cli() throws IOException {
    Path bin = script("bin/fake-agent", "echo 1");
    Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rw-------"));

    assertThatThrownBy(() -> TOOL.locate(Map.of("PATH", bin.getParent().toString())))
        .isInstanceOf(KxmException.class)
        .hasMessageContaining("not on the PATH");
  }

  private Path script(String name, String body) throws IOException {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    return file;
  }
}
