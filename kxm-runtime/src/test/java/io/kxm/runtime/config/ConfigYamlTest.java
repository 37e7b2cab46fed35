package io.kxm.runtime.config;

import static io.kxm.runtime.config.ConfigTrees.starter;
import static io.kxm.runtime.config.ConfigTrees.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigYamlTest {
  @TempDir Path root;

  @Test
  void the_project_is_read_as_a_name_or_an_object_holding_one() {
    write(root, "config.yaml", "# agent settings\nproject: payments\n");
    assertThat(ConfigYaml.project(root)).contains("payments");

    write(root, "config.yaml", "project:\n  name: billing\n");
    assertThat(ConfigYaml.project(root)).contains("billing");
  }

  @Test
  void no_file_or_no_project_key_names_no_project() throws Exception {
    assertThat(ConfigYaml.project(root)).isEmpty();

    Files.createDirectories(root.resolve(".kxm"));
    assertThat(ConfigYaml.project(root)).isEmpty();

    write(root, "config.yaml", "{}\n");
    assertThat(ConfigYaml.project(root)).isEmpty();
  }

  @Test
  void a_duplicate_key_an_alias_an_unknown_key_or_a_bad_name_is_refused() {
    String[] refused = {
      "project: web\nproject: api\n",
      "base: &b web\nproject: *b\n",
      "project: web\ncolour: blue\n",
      "project:\n  name: web\n  owner: me\n",
      "project: ' web'\n",
    };
    for (String text : refused) {
      write(root, "config.yaml", text);
      assertThatThrownBy(() -> ConfigYaml.project(root))
          .as(text)
          .isInstanceOfSatisfying(
              KxmException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_TREE_INVALID))
          .hasMessageContaining(".kxm/config.yaml:");
    }
  }

  @Test
  void the_tree_check_reports_config_yaml_with_the_same_rules() {
    starter(root);
    write(root, "config.yaml", "project: web\nprojct: api\n");

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::file, ConfigError::line, ConfigError::path, ConfigError::rule)
        .containsExactly(tuple(".kxm/config.yaml", 2, "$.projct", "additionalProperties"));
  }
}
