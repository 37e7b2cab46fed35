package io.kxm.cli.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Hashes that stored data must keep verifying against are computed in one place each: the sorted
 * key JSON form in {@code io.kxm.core.json.CanonicalJson} and the event hash chain in {@code
 * io.kxm.core.chain.HashChain}. A second copy could drift by one byte and break stored hashes, so
 * main sources elsewhere that look like one fail here.
 */
class SharedMechanismCopyTest {
  static final String CANONICAL_JSON = "kxm-core/src/main/java/io/kxm/core/json/CanonicalJson.java";
  static final String HASH_CHAIN = "kxm-core/src/main/java/io/kxm/core/chain/HashChain.java";

  private static final Pattern READS_NAMES = Pattern.compile("\\.(propertyNames|properties)\\(\\)");
  private static final Pattern SORTS =
      Pattern.compile("\\.sort\\(|Collections\\.sort|comparingByKey|\\.sorted\\(|new TreeMap");
  private static final Pattern GENESIS =
      Pattern.compile("\"0\"\\.repeat\\(64\\)|\"0{64}\"|'0'\\.repeat");

  final SourceTree tree = SourceTree.find();

  @Test
  void only_canonical_json_sorts_the_keys_of_json_objects() {
    assertThat(
            mainSourcesWhere(text ->
                // a sorter that copies a tree builds new arrays, reads names and sorts them
                text.contains("createArrayNode")
                    && READS_NAMES.matcher(text).find()
                    && SORTS.matcher(text).find()))
        .as("main sources that sort a JSON object's keys; use %s", CANONICAL_JSON)
        .containsExactly(CANONICAL_JSON);
  }

  @Test
  void only_hash_chain_defines_the_genesis_hash() {
    assertThat(mainSourcesWhere(text -> GENESIS.matcher(text).find()))
        .as("main sources that define a chain's genesis hash; use %s", HASH_CHAIN)
        .containsExactly(HASH_CHAIN);
  }

  private List<String> mainSourcesWhere(Predicate<String> looksLikeACopy) {
    List<String> out = new ArrayList<>();
    for (String module : tree.modules()) {
      for (Path file : tree.mainSources(module)) {
        String relative = tree.root().relativize(file).toString().replace('\\', '/');
        if (looksLikeACopy.test(tree.read(relative))) {
          out.add(relative);
        }
      }
    }
    return out;
  }
}
