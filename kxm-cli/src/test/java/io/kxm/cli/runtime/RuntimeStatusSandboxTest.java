package io.kxm.cli.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.Cli;
import io.kxm.core.json.Json;
import io.kxm.runtime.sandbox.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm runtime status} says whether the sandbox runs here and on which tool. */
class RuntimeStatusSandboxTest {
  @TempDir Path dir;

  @Test
  void status_names_the_missing_tool_in_text_and_json() throws Exception {
    Path emptyBin = Files.createDirectories(dir.resolve("bin"));
    Map<String, String> env = env();
    env.put("PATH", emptyBin.toString());
    env.remove(Sandbox.BWRAP_SETTING);

    JsonNode json = Json.read(kxm(env, "runtime", "status", "--json"));
    String text = kxm(env, "runtime", "status");

    assertThat(json.path("sandbox").path("available").asBoolean()).isFalse();
    assertThat(json.path("sandbox").path("tool").asString()).isEqualTo("bwrap");
    assertThat(json.path("sandbox").path("detail").asString()).contains("bwrap is not on PATH");
    assertThat(text).contains("sandbox:  unavailable: bwrap is not on PATH");
    assertThat(json.path("sandbox").path("network").path("available").asBoolean()).isFalse();
    assertThat(json.path("sandbox").path("network").path("tool").asString()).isEqualTo("socat");
    assertThat(text).contains("provider network: unavailable: socat is not on PATH");
  }

  @Test
  void status_names_a_socat_setting_that_points_nowhere() throws Exception {
    Map<String, String> env = env();
    env.put(Sandbox.SOCAT_SETTING, dir.resolve("no-socat").toString());

    JsonNode json = Json.read(kxm(env, "runtime", "status", "--json"));

    assertThat(json.path("sandbox").path("network").path("detail").asString())
        .contains(Sandbox.SOCAT_SETTING)
        .contains("not an executable file");
    assertThat(kxm(env, "runtime", "status"))
        .contains("provider network: unavailable: " + Sandbox.SOCAT_SETTING);
  }

  @Test
  void status_shows_the_bwrap_it_found_when_the_sandbox_runs() throws Exception {
    Map<String, String> env = env();
    boolean here = Sandbox.of(env).status().available();
    if (!"1".equals(System.getenv("KXM_REQUIRE_SERVICES"))) {
      Assumptions.assumeTrue(here, "no sandbox on this machine");
    }

    JsonNode json = Json.read(kxm(env, "runtime", "status", "--json"));

    assertThat(json.path("sandbox").path("available").asBoolean()).isTrue();
    assertThat(Path.of(json.path("sandbox").path("path").asString())).isExecutable();
    assertThat(kxm(env, "runtime", "status")).contains("sandbox:  available (bubblewrap at ");
  }

  private Map<String, String> env() {
    Map<String, String> env = new HashMap<>();
    env.put("KXM_STATE_HOME", dir.resolve("state").toString());
    env.put("HOME", dir.toString());
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    String bwrap = System.getenv(Sandbox.BWRAP_SETTING);
    if (bwrap != null) {
      env.put(Sandbox.BWRAP_SETTING, bwrap); // where CI unpacks bubblewrap, off PATH
    }
    return env;
  }

  private String kxm(Map<String, String> env, String... args) {
    StringWriter out = new StringWriter();
    new Cli(env, dir, new PrintWriter(out, true), new PrintWriter(new StringWriter(), true))
        .run(args);
    return out.toString();
  }
}
