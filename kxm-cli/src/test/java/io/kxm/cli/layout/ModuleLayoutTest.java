package io.kxm.cli.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The maps of the repository stay true: every module of the root pom has a row in the layout tables
 * of README.md and AGENTS.md, and no module grows past a fifth or so of all main code.
 */
class ModuleLayoutTest {
  static final double MAX_SHARE = 0.22;

  final SourceTree tree = SourceTree.find();

  @Test
  void every_module_of_the_root_pom_has_a_row_in_the_readme_layout_table() {
    assertThat(layoutRows(tree.read("README.md")))
        .as("first column of the table under README.md's '## Layout'")
        .containsAll(tree.modules());
  }

  @Test
  void every_module_of_the_root_pom_has_a_row_in_the_agents_layout_table() {
    assertThat(layoutRows(tree.read("AGENTS.md")))
        .as("first column of the table under AGENTS.md's '## Layout'")
        .containsAll(tree.modules());
  }

  @Test
  void no_module_holds_more_than_22_percent_of_all_main_lines() {
    Map<String, Long> lines = new LinkedHashMap<>();
    for (String module : tree.modules()) {
      lines.put(module, tree.mainSources(module).stream().mapToLong(SourceTree::lines).sum());
    }
    long total = lines.values().stream().mapToLong(Long::longValue).sum();
    assertThat(total).isPositive();
    Map<String, Long> tooLarge = new LinkedHashMap<>();
    lines.forEach((module, count) -> {
      if (count > MAX_SHARE * total) {
        tooLarge.put(module, count);
      }
    });
    assertThat(tooLarge)
        .as(
            "main lines per module %s of %d in all; split a module past %d%% along its planes",
            lines, total, Math.round(MAX_SHARE * 100))
        .isEmpty();
  }

  @Test
  void the_layout_rows_are_read_from_the_first_column_of_the_layout_table() {
    String text =
        """
        # Title
        | module | what |
        |---|---|
        | not-here | under another heading |

        ## Layout

        | folder | what lives there |
        |---|---|
        | `kxm-core` | the domain |
        | bench | benchmarks |

        ## Next
        | kxm-other | a later table |
        """;

    assertThat(layoutRows(text)).containsExactly("kxm-core", "bench");
  }

  /** The first cells of the first table after the "## Layout" heading, backticks removed. */
  static List<String> layoutRows(String markdown) {
    List<String> lines = markdown.lines().toList();
    int at = lines.indexOf("## Layout");
    assertThat(at).as("a '## Layout' heading").isNotNegative();
    int first = at + 1;
    while (first < lines.size() && !lines.get(first).startsWith("|")) {
      first++;
    }
    List<String> rows = new ArrayList<>();
    // Skip the header row and the separator row.
    for (int i = first + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
      String cell = lines.get(i).substring(1).split("\\|", 2)[0].strip();
      rows.add(cell.replace("`", ""));
    }
    return rows;
  }
}
