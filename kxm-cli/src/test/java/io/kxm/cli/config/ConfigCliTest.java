package io.kxm.cli.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm init} and {@code kxm config validate} run in-process on a temporary project. */
class ConfigCliTest {
  @TempDir Path dir;

  private CliRun.Result kxm(String... args) {
    return CliRun.run(TestEnv.of(dir), dir, args);
  }

  @Test
  void init_writes_a_starter_that_validate_accepts() throws Exception {
    CliRun.Result init = kxm("init");
    CliRun.Result validate = kxm("config", "validate");

    assertThat(init.exit()).isZero();
    assertThat(init.out()).contains("wrote .kxm/workflows/example.yaml");
    assertThat(Files.readString(dir.resolve(".kxm/project.yaml"))).startsWith("#");
    assertThat(validate.exit()).as(validate.err()).isZero();
    assertThat(init.out()).contains("wrote .kxm/prices.yaml");
    assertThat(validate.out()).contains(".kxm/ is valid (6 files)");
  }

  @Test
  void init_refuses_an_existing_configuration_unless_forced() throws Exception {
    kxm("init");
    Files.writeString(dir.resolve(".kxm/project.yaml"), "name: mine\n");

    CliRun.Result again = kxm("init");
    assertThat(again.exit()).isEqualTo(1);
    assertThat(again.err())
        .contains("error: config_already_exists: ")
        .contains("next: ")
        .doesNotContain("Exception");
    assertThat(Files.readString(dir.resolve(".kxm/project.yaml"))).isEqualTo("name: mine\n");

    assertThat(kxm("init", "--force").exit()).isZero();
    assertThat(Files.readString(dir.resolve(".kxm/project.yaml"))).isNotEqualTo("name: mine\n");
  }

  @Test
  void validate_lists_every_error_with_file_line_and_rule_and_exits_1() throws Exception {
    kxm("init");
    Files.writeString(dir.resolve(".kxm/project.yaml"), "name: demo\nname: again\n");
    Files.writeString(dir.resolve(".kxm/agents/coder.yaml"), "id: coder\nmodel: nope\n");

    CliRun.Result validate = kxm("config", "validate");

    assertThat(validate.exit()).isEqualTo(1);
    assertThat(validate.err())
        .contains(".kxm/project.yaml:2: $.name: ")
        .contains("[duplicate-key]")
        .contains(".kxm/agents/coder.yaml:2: $.model: ")
        .contains("[pattern]")
        .contains(".kxm/agents/coder.yaml:1: $: ")
        .contains("[required]")
        .contains("error: config_tree_invalid: ")
        .contains("next: ");
  }

  @Test
  void validate_json_prints_the_errors_as_json() {
    kxm("init");
    CliRun.Result ok = kxm("config", "validate", "--json");
    assertThat(Json.read(ok.out()).path("valid").asBoolean()).isTrue();

    TestFiles.write(dir.resolve(".kxm/workflows/bad.yaml"), "apiVersion: kxm.workflow.v2\n");
    CliRun.Result bad = kxm("config", "validate", "--json");

    assertThat(bad.exit()).isEqualTo(1);
    JsonNode body = Json.read(bad.out());
    assertThat(body.path("valid").asBoolean()).isFalse();
    assertThat(body.path("errors").get(0).path("file").asString())
        .isEqualTo(".kxm/workflows/bad.yaml");
    assertThat(body.path("errors").get(0).has("line")).isTrue();
    assertThat(body.path("errors").get(0).has("rule")).isTrue();
  }

  @Test
  void validate_refuses_legacy_json_configuration_with_its_own_code() {
    kxm("init");
    TestFiles.write(dir.resolve(".kxm/config/project.json"), "{}");

    CliRun.Result validate = kxm("config", "validate");

    assertThat(validate.exit()).isEqualTo(1);
    assertThat(validate.err())
        .contains(".kxm/config/project.json:0: $: legacy JSON configuration is not read")
        .contains("error: config_legacy_json: ");
  }

  @Test
  void validate_without_a_kxm_folder_says_to_run_init() {
    CliRun.Result validate = kxm("config", "validate");

    assertThat(validate.exit()).isEqualTo(1);
    assertThat(validate.err()).contains("error: config_not_found: ").contains("kxm init");
  }

  @Test
  void config_alone_is_a_usage_error_and_help_works() {
    assertThat(kxm("config").exit()).isEqualTo(2);
    assertThat(kxm("config", "validate", "--bogus").exit()).isEqualTo(2);
    CliRun.Result help = kxm("config", "validate", "--help");
    assertThat(help.exit()).isZero();
    assertThat(help.out()).contains("--json");
    assertThat(kxm("init", "--help").out()).contains("--force");
  }
}
