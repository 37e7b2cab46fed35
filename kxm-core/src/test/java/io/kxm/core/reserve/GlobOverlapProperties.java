package io.kxm.core.reserve;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

class GlobOverlapProperties {
  /**
   * Every path of one to six segments, each segment one or two letters of {a, b}, shortest first.
   *
   * <p>Why this holds a shortest shared path whenever the generated globs (one to four segments of
   * one or two tokens of {a, b, ?, *}, or {@code **}) share one. Take a shortest shared path and
   * line its segments up with the segments of both globs.
   *
   * <ul>
   *   <li>Drop every path segment that both globs cover with {@code **}; keep the last one when
   *       both end in {@code **}, since a trailing {@code **} needs a segment. Each remaining
   *       segment meets a plain segment of at least one glob.
   *   <li>A glob without {@code **} fixes the count at its own, at most four. Otherwise each glob
   *       has at most three plain segments, so at most 3 + 3 + 1 remain; seven would need both to
   *       be {@code p/p/p/**}, whose plain segments meet the same three path segments: four. So at
   *       most six.
   *   <li>Each segment can be swapped for a shortest string that the plain segments it meets (one
   *       or two) all match. With at most two tokens that string has at most two characters: a
   *       pattern without a star fixes the length at one or two; two patterns with a star have at
   *       most one other token each. Where only wildcards read a character, {@code a} serves.
   * </ul>
   *
   * Neither step makes the path longer, so the list holds one of the shortest length.
   */
  private static final List<List<String>> SHORT_PATHS =
      ReferenceGlob.everyPath(6, List.of("a", "b", "aa", "ab", "ba", "bb"));

  @Provide
  Arbitrary<String> globs() {
    Arbitrary<String> plain =
        Arbitraries.strings()
            .withChars("ab?*")
            .ofMinLength(1)
            .ofMaxLength(2)
            .filter(s -> !s.equals("**"));
    Arbitrary<String> segment =
        Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just("**")), Tuple.of(3, plain));
    return Combinators.combine(
            segment.list().ofMinSize(1).ofMaxSize(4), Arbitraries.of(true, false))
        .as(GlobOverlapProperties::written);
  }

  @Provide
  Arbitrary<String> paths() {
    Arbitrary<String> segment =
        Arbitraries.strings().withChars("abx").ofMinLength(1).ofMaxLength(3);
    return segment.list().ofMinSize(1).ofMaxSize(6).map(s -> String.join("/", s));
  }

  @Property
  void overlap_is_decided_exactly_and_the_witness_is_as_short_as_any_shared_path(
      @ForAll("globs") String a, @ForAll("globs") String b) {
    List<String> globA = ReferenceGlob.segmentsOf(a);
    List<String> globB = ReferenceGlob.segmentsOf(b);
    Optional<String> shortest =
        SHORT_PATHS.stream()
            .filter(p -> ReferenceGlob.matches(globA, p) && ReferenceGlob.matches(globB, p))
            .map(p -> String.join("/", p))
            .findFirst();
    Statistics.label("shared path").collect(shortest.isPresent());
    // Both answers must come up often, or the property would say little about one of them.
    Statistics.label("shared path")
        .coverage(check -> {
          check.check(true).percentage(share -> share > 10);
          check.check(false).percentage(share -> share > 10);
        });

    Optional<String> witness = GlobOverlap.witness(PathGlob.of(a), PathGlob.of(b));

    assertThat(witness.isPresent()).as("%s overlaps %s", a, b).isEqualTo(shortest.isPresent());
    assertThat(GlobOverlap.overlaps(PathGlob.of(a), PathGlob.of(b))).isEqualTo(witness.isPresent());
    witness.ifPresent(w -> assertThat(w).as("%s and %s", a, b).hasSameSizeAs(shortest.get()));
  }

  @Property
  void every_witness_is_a_valid_path_that_both_globs_match(
      @ForAll("globs") String a, @ForAll("globs") String b) {
    GlobOverlap.witness(PathGlob.of(a), PathGlob.of(b))
        .ifPresent(w -> {
          assertThat(PathGlob.normalizePath(w)).isEqualTo(w);
          assertThat(ReferenceGlob.matches(a, w)).as("%s matches %s", a, w).isTrue();
          assertThat(ReferenceGlob.matches(b, w)).as("%s matches %s", b, w).isTrue();
          assertThat(PathGlob.of(a).matches(w) && PathGlob.of(b).matches(w)).isTrue();
        });
  }

  @Property
  void overlap_does_not_depend_on_the_order_of_the_globs(
      @ForAll("globs") String a, @ForAll("globs") String b) {
    assertThat(GlobOverlap.overlaps(PathGlob.of(b), PathGlob.of(a)))
        .isEqualTo(GlobOverlap.overlaps(PathGlob.of(a), PathGlob.of(b)));
  }

  @Property
  void every_glob_overlaps_itself(@ForAll("globs") String glob) {
    assertThat(GlobOverlap.overlaps(PathGlob.of(glob), PathGlob.of(glob))).isTrue();
  }

  @Property
  void matches_agrees_with_the_reference_matcher(
      @ForAll("globs") String glob, @ForAll("paths") String path) {
    assertThat(PathGlob.of(glob).matches(path))
        .as("%s against %s", glob, path)
        .isEqualTo(ReferenceGlob.matches(glob, path));
  }

  @Example
  void globs_of_one_tree_overlap_and_globs_of_separate_trees_do_not() {
    assertThat(witness("src/**", "**/*.java")).contains("src/.java");
    assertThat(witness("docs/", "**/*.md")).contains("docs/.md");
    assertThat(witness("a/*/c", "a/b/*")).contains("a/b/c");
    assertThat(witness("*", "**")).contains("x");
    assertThat(witness("a/**", "a")).isEmpty();
    assertThat(witness("src/main/**", "src/test/**")).isEmpty();
    assertThat(witness("*.md", "*.java")).isEmpty();
  }

  @Example
  void a_witness_never_has_a_dot_or_dot_dot_segment() {
    assertThat(witness("?", ".*")).isEmpty();
    assertThat(witness("a/??", "a/.*")).contains("a/.x");
    assertThat(witness(".*", "*.")).hasValueSatisfying(w -> assertThat(w).hasSize(3));
    assertThat(witness("**/.*", "x/*")).contains("x/.x");
  }

  @Example
  void two_long_globs_share_a_path_longer_than_either_which_both_match() {
    PathGlob a = PathGlob.of("a".repeat(511) + "*");
    PathGlob b = PathGlob.of("*" + "b".repeat(511));

    String w = GlobOverlap.witness(a, b).orElseThrow();

    assertThat(w).isEqualTo("a".repeat(511) + "b".repeat(511));
    assertThat(a.matches(w) && b.matches(w)).isTrue();
  }

  private static Optional<String> witness(String a, String b) {
    return GlobOverlap.witness(PathGlob.of(a), PathGlob.of(b));
  }

  private static String written(List<String> segments, boolean trailingSlash) {
    String glob = String.join("/", segments);
    // "a/b/**" may also be written "a/b/"; both must read the same.
    boolean slashForm = trailingSlash && segments.size() > 1 && glob.endsWith("/**");
    return slashForm ? glob.substring(0, glob.length() - 2) : glob;
  }
}
