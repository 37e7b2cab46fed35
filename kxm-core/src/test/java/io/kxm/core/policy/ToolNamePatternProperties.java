package io.kxm.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class ToolNamePatternProperties {

  @Provide
  Arbitrary<String> tools() {
    return Arbitraries.strings()
        .withCharRange('a', 'z')
        .withChars('_')
        .ofMinLength(1)
        .ofMaxLength(24)
        .filter(s -> !s.startsWith("_") && !s.endsWith("_"))
        .map(s -> "kxm_" + s);
  }

  @Property
  void a_star_matches_every_tool(@ForAll("tools") String tool) {
    assertThat(ToolNamePattern.matches("*", tool)).isTrue();
  }

  @Property
  void the_full_name_and_the_name_without_kxm_match_in_any_case(@ForAll("tools") String tool) {
    assertThat(ToolNamePattern.matches(tool, tool)).isTrue();
    assertThat(ToolNamePattern.matches(tool.substring(4).toUpperCase(), tool)).isTrue();
    assertThat(ToolNamePattern.namesExactly(tool.substring(4), tool)).isTrue();
  }

  @Property
  void every_prefix_with_a_trailing_star_matches(
      @ForAll("tools") String tool, @ForAll @IntRange(min = 0, max = 28) int cut) {
    String prefix = tool.substring(0, Math.min(cut, tool.length()));
    assertThat(ToolNamePattern.matches(prefix + "*", tool)).isTrue();
    assertThat(ToolNamePattern.namesExactly(prefix + "*", tool)).isFalse();
  }

  @Property
  void a_name_never_matches_a_different_tool_without_a_wildcard(
      @ForAll("tools") String tool, @ForAll("tools") String other) {
    boolean same = tool.equals(other);
    assertThat(ToolNamePattern.matches(other, tool)).isEqualTo(same);
    assertThat(ToolNamePattern.matches(other.substring(4), tool)).isEqualTo(same);
  }

  @Property
  void a_prefix_that_is_not_a_prefix_never_matches(@ForAll("tools") String tool) {
    assertThat(ToolNamePattern.matches(tool + "x*", tool)).isFalse();
    assertThat(ToolNamePattern.matches("kxm*_" + tool, tool)).isFalse();
  }
}
