package io.kxm.cli.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Two main classes with one simple name make imports, stack traces and searches ambiguous. The
 * collisions that exist are listed below, each with its reason; a new one fails, and so does an
 * entry that no longer matches the code, so the list only ever shrinks.
 */
class ClassNameCollisionTest {
  static final Map<String, Allowed> ALLOWED =
      allow(
          new Allowed(
              "Agent",
              "bench's agent process; bench is never on the product's class path",
              "io.kxm.core.agent",
              "io.kxm.bench.product"),
          new Allowed(
              "Main",
              "the entry point of each runnable jar, kxm and bench",
              "io.kxm.cli",
              "io.kxm.bench"),
          new Allowed(
              "Outcome",
              "bench's scenario outcome; bench is never on the product's class path",
              "io.kxm.hub.messaging",
              "io.kxm.bench"),
          new Allowed(
              "Registry",
              "bench's process registry; bench is never on the product's class path",
              "io.kxm.supervisor",
              "io.kxm.bench"),
          new Allowed(
              "Row",
              "bench's table row; bench is never on the product's class path",
              "io.kxm.store.jdbc",
              "io.kxm.bench"),
          new Allowed(
              "Sqlite",
              "bench's bare SQLite baseline; bench is never on the product's class path",
              "io.kxm.runtime.store",
              "io.kxm.bench.baseline"));

  final SourceTree tree = SourceTree.find();

  @Test
  void no_two_main_classes_share_a_simple_name_unless_the_allow_list_names_both() {
    Map<String, Set<String>> packagesByName = new TreeMap<>();
    for (String module : tree.modules()) {
      Path java = tree.root().resolve(module).resolve("src/main/java");
      for (Path file : tree.mainSources(module)) {
        String name = file.getFileName().toString().replaceFirst("\\.java$", "");
        if (!file.startsWith(java) || name.equals("package-info") || name.equals("module-info")) {
          continue;
        }
        String pkg = java.relativize(file.getParent()).toString().replace('/', '.');
        packagesByName.computeIfAbsent(name, n -> new TreeSet<>()).add(pkg);
      }
    }
    Map<String, Set<String>> collisions = new TreeMap<>();
    packagesByName.forEach((name, packages) -> {
      if (packages.size() > 1) {
        collisions.put(name, packages);
      }
    });
    Map<String, Set<String>> allowed = new TreeMap<>();
    ALLOWED.forEach((name, entry) -> allowed.put(name, entry.packages()));

    assertThat(collisions)
        .as(
            "main classes sharing a simple name (left) against %s's allow-list (right): rename the"
                + " new class, or drop an entry whose collision is gone",
            getClass().getSimpleName())
        .isEqualTo(allowed);
  }

  record Allowed(String name, String reason, Set<String> packages) {
    Allowed(String name, String reason, String... packages) {
      this(name, reason, new TreeSet<>(List.of(packages)));
    }

    Allowed {
      assertThat(reason).as("the reason for %s", name).isNotBlank();
      assertThat(packages).as("the packages of %s", name).hasSizeGreaterThan(1);
    }
  }

  static Map<String, Allowed> allow(Allowed... entries) {
    Map<String, Allowed> byName = new TreeMap<>();
    for (Allowed entry : entries) {
      assertThat(byName.put(entry.name(), entry))
          .as("a second entry for %s", entry.name())
          .isNull();
    }
    return byName;
  }
}
