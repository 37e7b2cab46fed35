package io.kxm.core.workflow.definition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DefinitionHashTest {
  private static WorkflowDefinition load(String text) {
    return DefinitionLoader.parse(Map.of("d.json", text))
        .find("release-check")
        .orElseThrow()
        .definition();
  }

  @Test
  void the_hash_ignores_layout_and_key_order_but_not_content() {
    String text = DefinitionLoaderTest.release();
    String reordered =
        text.replace(
                "\"project\": \"demo\",\n  \"coordinator\": \"lead\",",
                "\"coordinator\": \"lead\",\n     \"project\":   \"demo\",")
            .replace("\n", "\n\n");

    assertThat(DefinitionHash.of(load(reordered))).isEqualTo(DefinitionHash.of(load(text)));
    assertThat(DefinitionHash.of(load(text.replace("\"maxAttempts\": 2", "\"maxAttempts\": 3"))))
        .isNotEqualTo(DefinitionHash.of(load(text)));
  }

  @Test
  void the_canonical_form_names_secret_variables_but_holds_no_secret_and_round_trips() {
    WorkflowDefinition definition = load(DefinitionLoaderTest.release());

    String canonical = DefinitionHash.canonicalJson(definition);

    assertThat(canonical).contains("\"secretEnv\":\"KXM_RELEASE_SECRET\"").doesNotContain("\n");
    assertThat(canonical.indexOf("\"coordinator\"")).isLessThan(canonical.indexOf("\"id\""));
    assertThat(DefinitionHash.fromCanonicalJson(canonical)).isEqualTo(definition);
    assertThat(DefinitionHash.of(DefinitionHash.fromCanonicalJson(canonical)))
        .isEqualTo(DefinitionHash.of(definition));
  }
}
