package io.kxm.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

class RestrictedYamlTest {

  private static RestrictedYaml.Refused refused(String text) {
    return catchThrowableOfType(RestrictedYaml.Refused.class, () -> RestrictedYaml.parse(text));
  }

  @Test
  void plain_maps_lists_and_scalars_parse_with_their_lines() {
    YamlDocument doc = RestrictedYaml.parse("a: 1\nb:\n  - x\n  - y: true\n");

    assertThat(doc.root().path("b").get(1).path("y").asBoolean()).isTrue();
    assertThat(doc.lineOf("$.b[1].y")).isEqualTo(4);
    assertThat(doc.lineOf("$.b[1].missing")).isEqualTo(4);
  }

  @Test
  void an_anchor_is_refused_at_its_line() {
    RestrictedYaml.Refused e = refused("a: 1\nb: &base\n  c: 2\n");

    assertThat(e.rule).isEqualTo("no-anchor");
    assertThat(e.line).isEqualTo(2);
  }

  @Test
  void an_alias_is_refused_at_its_line() {
    RestrictedYaml.Refused e = refused("a: 1\nb: *x\n");

    assertThat(e.rule).isEqualTo("no-alias");
    assertThat(e.line).isEqualTo(2);
  }

  @Test
  void an_anchor_on_a_scalar_is_refused_even_when_no_alias_uses_it() {
    RestrictedYaml.Refused e = refused("a: 1\nb: &x 2\n");

    assertThat(e.rule).isEqualTo("no-anchor");
    assertThat(e.line).isEqualTo(2);
  }

  @Test
  void a_standard_tag_is_refused_too() {
    assertThat(refused("a: !!str 1\n").rule).isEqualTo("no-tag");
  }

  @Test
  void a_custom_tag_is_refused() {
    RestrictedYaml.Refused e = refused("a: 1\nb: !secret value\n");

    assertThat(e.rule).isEqualTo("no-tag");
    assertThat(e.line).isEqualTo(2);
  }

  @Test
  void a_duplicate_key_is_refused_naming_both_lines() {
    RestrictedYaml.Refused e = refused("name: a\nother: 1\nname: b\n");

    assertThat(e.rule).isEqualTo("duplicate-key");
    assertThat(e.line).isEqualTo(3);
    assertThat(e.getMessage()).contains("line 1");
  }

  @Test
  void a_file_over_the_size_limit_is_refused_before_parsing() {
    String big = "a: \"" + "x".repeat(RestrictedYaml.MAX_BYTES) + "\"\n";

    assertThat(refused(big).rule).isEqualTo("max-size");
  }

  @Test
  void garbage_that_is_not_yaml_is_refused_with_a_line() {
    RestrictedYaml.Refused e = refused("a: 1\nb: [unclosed\nc: {\n");

    assertThat(e.rule).isEqualTo("yaml");
    assertThat(e.line).isPositive();
  }

  @Test
  void several_documents_in_one_file_are_refused() {
    assertThat(refused("a: 1\n---\nb: 2\n").rule).isEqualTo("single-document");
  }
}
