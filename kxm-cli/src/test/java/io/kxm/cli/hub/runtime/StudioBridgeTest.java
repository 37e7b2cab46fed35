package io.kxm.cli.hub.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Studio through the hub: layouts, checked edits, and writes to the working tree only. */
class StudioBridgeTest {
  private static final String ADMIN = TestEnv.ADMIN;

  @TempDir Path dir;
  RuntimeHub hub;
  Path file;

  @BeforeEach
  void start() throws Exception {
    hub = RuntimeHub.start(dir);
    Files.createDirectories(hub.project().resolve(".git"));
    String[] init = hub.kxm("init");
    assertThat(init[0]).as(init[2]).isEqualTo("0");
    file = hub.project().resolve(".kxm/workflows/example.yaml");
    assertThat(file).exists();
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  @Test
  void a_workflow_is_listed_and_laid_out_with_its_yaml_and_the_project_named() throws Exception {
    JsonNode list = hub.get("/v1/runtime/studio/workflows", ADMIN).body();
    assertThat(list.path("workflows").toString()).contains("\"example\"");
    assertThat(list.path("projectRoot").asString()).isEqualTo(hub.project().toString());
    JsonNode layout = hub.get("/v1/runtime/studio/workflows/example", ADMIN).body();
    assertThat(layout.path("dag").path("nodes")).isNotEmpty();
    assertThat(layout.path("stepper")).isNotEmpty();
    assertThat(layout.path("yaml").asString()).isEqualTo(Files.readString(file));
    RuntimeHub.Reply missing = hub.get("/v1/runtime/studio/workflows/nope", ADMIN);
    assertThat(missing.status()).as(missing.text()).isEqualTo(404);
    assertThat(hub.get("/v1/runtime/studio/workflows/example", TestEnv.ALPHA).code())
        .isEqualTo("admin_required");
  }

  @Test
  void check_shows_errors_diff_and_verdict_and_write_changes_only_the_working_tree_file()
      throws Exception {
    String before = Files.readString(file);
    String edited = before + "# reviewed in the console\n";
    JsonNode check =
        hub.post(
                "/v1/runtime/studio/workflows/example/check",
                ADMIN,
                Json.write(Map.of("yaml", edited)))
            .body();
    assertThat(check.path("valid").asBoolean()).as(check.toString()).isTrue();
    assertThat(check.path("diff").asString()).contains("+# reviewed in the console");
    assertThat(check.path("trust").path("verdict").asString()).isEqualTo("neutral");
    assertThat(Files.readString(file)).isEqualTo(before);

    String broken = "apiVersion: nope\n";
    JsonNode refused =
        hub.post(
                "/v1/runtime/studio/workflows/example/check",
                ADMIN,
                Json.write(Map.of("yaml", broken)))
            .body();
    assertThat(refused.path("valid").asBoolean()).isFalse();
    assertThat(refused.path("errors")).isNotEmpty();
    RuntimeHub.Reply write =
        hub.post(
            "/v1/runtime/studio/workflows/example/write",
            ADMIN,
            Json.write(Map.of("yaml", broken)));
    assertThat(write.status()).isEqualTo(422);
    assertThat(write.code()).isEqualTo("studio_config_invalid");
    assertThat(Files.readString(file)).isEqualTo(before);

    RuntimeHub.Reply written =
        hub.post(
            "/v1/runtime/studio/workflows/example/write",
            ADMIN,
            Json.write(Map.of("yaml", edited)));
    assertThat(written.status()).as(written.text()).isEqualTo(200);
    assertThat(written.body().path("written").asString()).isEqualTo(".kxm/workflows/example.yaml");
    assertThat(Files.readString(file)).isEqualTo(edited);

    RuntimeHub.Reply hostile =
        hub.post(
            "/v1/runtime/studio/workflows/..%2Fx/check", ADMIN, Json.write(Map.of("yaml", "")));
    assertThat(hostile.status()).isBetween(400, 404);
    RuntimeHub.Reply extra =
        hub.post(
            "/v1/runtime/studio/workflows/example/write",
            ADMIN,
            Json.write(Map.of("yaml", edited, "commit", true)));
    assertThat(extra.code()).isEqualTo("unknown_field");
  }
}
