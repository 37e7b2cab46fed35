package io.kxm.cli.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Settings come from the environment through {@code io.kxm.core.settings.EnvSettings} alone, so
 * that every bad value is refused the same way. Product code hands the whole environment map down
 * and never reads or parses a variable on its own.
 */
class OneSettingsReaderTest {
  /** bench and the testkit set up test and benchmark runs; they are never part of the product. */
  private static final Set<String> OUTSIDE_THE_PRODUCT = Set.of("bench", "kxm-testkit");

  private static final String READER =
      "kxm-core/src/main/java/io/kxm/core/settings/EnvSettings.java";

  /** Reads one variable straight from the process, before any environment map exists. */
  private static final Set<String> MAY_READ_ONE_VARIABLE =
      Set.of("kxm-cli/src/main/java/io/kxm/cli/FailureHandler.java");

  private static final Pattern ONE_VARIABLE = Pattern.compile("System\\.getenv\\(\\s*[^)\\s]");
  private static final Pattern ENV_READ = Pattern.compile("env(\\(\\))?\\.get(OrDefault)?\\(");
  private static final Pattern NUMBER_PARSE =
      Pattern.compile(
          "(Long\\.parseLong|Integer\\.parseInt|Double\\.parseDouble|Duration\\.parse"
              + "|Boolean\\.parseBoolean)\\(");

  private final SourceTree tree = SourceTree.find();

  @Test
  void only_the_settings_reader_parses_values_read_from_an_environment_map() {
    assertThat(offenders(ENV_READ, NUMBER_PARSE))
        .as("read the setting with EnvSettings instead of parsing it")
        .isEmpty();
  }

  @Test
  void product_code_reads_no_single_variable_from_the_process() {
    List<String> found = new ArrayList<>();
    for (String file : productSources()) {
      if (ONE_VARIABLE.matcher(tree.read(file)).find() && !MAY_READ_ONE_VARIABLE.contains(file)) {
        found.add(file);
      }
    }
    assertThat(found)
        .as("pass System.getenv() down as a map and read it with EnvSettings")
        .isEmpty();
    for (String file : MAY_READ_ONE_VARIABLE) {
      assertThat(ONE_VARIABLE.matcher(tree.read(file)).find()).as(file).isTrue();
    }
  }

  @Test
  void the_reader_is_where_this_test_looks_for_it() {
    assertThat(Files.isRegularFile(tree.root().resolve(READER))).isTrue();
  }

  private List<String> offenders(Pattern reads, Pattern parses) {
    List<String> found = new ArrayList<>();
    for (String file : productSources()) {
      String text = tree.read(file);
      if (!file.equals(READER) && reads.matcher(text).find() && parses.matcher(text).find()) {
        found.add(file);
      }
    }
    return found;
  }

  private List<String> productSources() {
    List<String> files = new ArrayList<>();
    for (String module : tree.modules()) {
      if (OUTSIDE_THE_PRODUCT.contains(module)) {
        continue;
      }
      for (Path file : tree.mainSources(module)) {
        files.add(tree.root().relativize(file).toString());
      }
    }
    return files;
  }
}
