package io.kxm.cli.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Mechanisms that exist once: a second copy in another module would drift from the first, so the
 * main sources are scanned for the code that only the one copy may hold.
 */
class OneMechanismTest {
  private static final SourceTree TREE = SourceTree.find();
  // the testkit's repository builder runs git for test fixtures, never for the product
  private static final List<String> NOT_PRODUCT = List.of("kxm-testkit");

  @Test
  void git_is_started_only_by_the_runtime_git_runner() {
    assertThat(holders(Pattern.compile("\"git\"\\s*[,)]")))
        .containsExactly("kxm-runtime/src/main/java/io/kxm/runtime/git/Git.java");
  }

  @Test
  void loopback_addresses_are_judged_only_by_the_core_network_checks() {
    assertThat(holders(Pattern.compile("isLoopbackAddress")))
        .containsExactly("kxm-core/src/main/java/io/kxm/core/net/Loopback.java");
  }

  @Test
  void browser_origins_are_normalized_only_by_the_core_network_checks() {
    assertThat(holders(Pattern.compile("getRawUserInfo\\(\\)\\s*!=\\s*null")))
        .containsExactly("kxm-core/src/main/java/io/kxm/core/net/Origins.java");
  }

  @Test
  void sqlite_files_are_opened_and_versioned_only_in_the_store() {
    // Every SQLite file opens through kxm-store's SqliteDatabase and migrates through its
    // SqliteSchema. The benchmarks look at the product from outside: their raw baselines and
    // fault checks use plain JDBC on purpose.
    Pattern opening =
        Pattern.compile(
            "DriverManager\\s*\\.\\s*getConnection|\\.createConnection\\(|PRAGMA user_version\\s*=",
            Pattern.CASE_INSENSITIVE);
    assertThat(holders(opening).stream().filter(f -> !f.startsWith("bench/")))
        .containsExactlyInAnyOrder(
            "kxm-store/src/main/java/io/kxm/store/sqlite/SqliteConnections.java",
            "kxm-store/src/main/java/io/kxm/store/sqlite/SqliteSchema.java");
  }

  private static List<String> holders(Pattern code) {
    return TREE.modules().stream()
        .filter(m -> !NOT_PRODUCT.contains(m))
        .flatMap(m -> TREE.mainSources(m).stream())
        .filter(f -> code.matcher(TREE.read(TREE.root().relativize(f).toString())).find())
        .map(f -> TREE.root().relativize(f).toString().replace('\\', '/'))
        .toList();
  }
}
