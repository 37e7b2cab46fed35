package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code kxm runtime serve} checks before anything listens: its workspace folder, its {@code
 * --bind HOST[:PORT]}, and a token for a bind other machines can reach.
 */
class ServerSettingsTest {
  static final String TOKEN = NetworkSettingsTest.TOKEN;

  @TempDir Path dir;

  static ErrorCode codeOf(Throwable e) {
    return ((KxmException) e).code();
  }

  @Test
  void the_bind_takes_a_host_with_or_without_a_port() {
    NetworkSettings none = NetworkSettings.forServer(Map.of(), null, null);
    assertThat(none.bindHost()).isEqualTo("127.0.0.1");
    assertThat(none.port()).isZero();
    NetworkSettings v4 = NetworkSettings.forServer(Map.of(), "127.0.0.1:8420", null);
    assertThat(v4.bindHost()).isEqualTo("127.0.0.1");
    assertThat(v4.port()).isEqualTo(8420);
    assertThat(NetworkSettings.forServer(Map.of(), "localhost:9", null).port()).isEqualTo(9);
    NetworkSettings v6 = NetworkSettings.forServer(Map.of(), "[::1]:8421", null);
    assertThat(v6.isLoopback()).isTrue();
    assertThat(v6.port()).isEqualTo(8421);
    assertThat(NetworkSettings.forServer(Map.of(), "::1", null).port()).isZero();
    NetworkSettings fromEnv =
        NetworkSettings.forServer(Map.of("KXM_RUNTIME_BIND", "127.0.0.2"), null, null);
    assertThat(fromEnv.bindHost()).isEqualTo("127.0.0.2");
  }

  @Test
  void a_bad_port_or_host_is_refused_naming_the_option() {
    for (String bind : new String[] {"127.0.0.1:http", "127.0.0.1:70000", "127.0.0.1:-1"}) {
      assertThatThrownBy(() -> NetworkSettings.forServer(Map.of(), bind, null))
          .isInstanceOf(KxmException.class)
          .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.CONFIG_INVALID))
          .hasMessageStartingWith("--bind");
    }
    assertThatThrownBy(() -> NetworkSettings.forServer(Map.of(), "team.example:80", null))
        .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.CONFIG_INVALID));
  }

  @Test
  void a_non_loopback_bind_needs_a_token_from_the_environment_or_a_file() {
    for (String bind : new String[] {"0.0.0.0:8420", "192.0.2.10", "[::]:8420"}) {
      assertThatThrownBy(() -> NetworkSettings.forServer(Map.of(), bind, null))
          .isInstanceOf(KxmException.class)
          .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.RUNTIME_BIND_REQUIRES_TOKEN))
          .satisfies(e -> assertThat(((KxmException) e).hint()).contains("--token-file"));
    }
    NetworkSettings fromEnv =
        NetworkSettings.forServer(Map.of("KXM_RUNTIME_TOKEN", TOKEN), "0.0.0.0:8420", null);
    assertThat(fromEnv.tokenOverride()).isEqualTo(TOKEN);
    String fileToken = "token-from-a-file-0123456789abcdefgh";
    NetworkSettings fromFile =
        NetworkSettings.forServer(Map.of("KXM_RUNTIME_TOKEN", TOKEN), "0.0.0.0", fileToken);
    assertThat(fromFile.tokenOverride()).isEqualTo(fileToken);
    assertThat(fromFile.toString()).doesNotContain(fileToken);
  }

  @Test
  void a_token_file_must_hold_a_long_visible_token_and_not_be_a_link() throws Exception {
    Path good = Files.writeString(dir.resolve("token"), TOKEN + "\n");
    assertThat(SupervisorToken.fromFile(good)).isEqualTo(TOKEN);
    Path shortOne = Files.writeString(dir.resolve("short"), "tiny");
    Path link = Files.createSymbolicLink(dir.resolve("link"), good);
    for (Path bad : new Path[] {shortOne, link, dir.resolve("missing")}) {
      assertThatThrownBy(() -> SupervisorToken.fromFile(bad))
          .isInstanceOf(KxmException.class)
          .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.CONFIG_INVALID))
          .hasMessageStartingWith("--token-file")
          .hasMessageNotContaining(TOKEN);
    }
  }

  @Test
  void the_workspace_must_be_an_existing_folder_and_not_a_link() throws Exception {
    Path folder = Files.createDirectories(dir.resolve("team"));
    ServerWorkspace workspace = ServerWorkspace.of(folder);
    assertThat(workspace.root()).isEqualTo(folder.toRealPath());
    assertThat(workspace.stateRoot()).isEqualTo(folder.toRealPath().resolve(".kxm-server"));
    Path file = Files.writeString(dir.resolve("file"), "x");
    Path link = Files.createSymbolicLink(dir.resolve("link"), folder);
    for (Path bad : new Path[] {dir.resolve("missing"), file, link}) {
      assertThatThrownBy(() -> ServerWorkspace.of(bad))
          .isInstanceOf(KxmException.class)
          .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.RUNTIME_WORKSPACE_INVALID))
          .hasMessageContaining(bad.toString());
    }
  }

  @Test
  void paths_outside_the_workspace_or_in_its_state_are_refused() throws Exception {
    ServerWorkspace workspace = ServerWorkspace.of(Files.createDirectories(dir.resolve("team")));
    Path inside = Files.createDirectories(dir.resolve("team/app")).toRealPath();
    workspace.admit(inside, "projectRoot");
    Path outside = Files.createDirectories(dir.resolve("other")).toRealPath();
    Path escape = Files.createSymbolicLink(dir.resolve("team/escape"), outside);
    assertThatThrownBy(() -> workspace.admit(outside, "projectRoot"))
        .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.OUTSIDE_SERVER_WORKSPACE));
    assertThatThrownBy(() -> workspace.admitSessionRoot(escape.toString()))
        .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.OUTSIDE_SERVER_WORKSPACE));
    assertThatThrownBy(() -> workspace.admit(workspace.stateRoot().resolve("runtime"), "x"))
        .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.OUTSIDE_SERVER_WORKSPACE));
    // A relative or missing path is the session service's to refuse, with its own code.
    workspace.admitSessionRoot("relative/path");
    workspace.admitSessionRoot(dir.resolve("missing").toString());
  }
}
