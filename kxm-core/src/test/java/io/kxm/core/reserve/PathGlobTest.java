package io.kxm.core.reserve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PathGlobTest {
  static Stream<Arguments> matching() {
    return Stream.of(
        Arguments.of("**", "a", true),
        Arguments.of("**", "a/b/c", true),
        Arguments.of("**/**", "a", true),
        Arguments.of("a/**", "a", false),
        Arguments.of("a/**", "a/x", true),
        Arguments.of("a/**", "a/x/y", true),
        Arguments.of("a/**", "b/x", false),
        Arguments.of("a/**/b", "a/b", true),
        Arguments.of("a/**/b", "a/x/b", true),
        Arguments.of("a/**/b", "a/x/y/b", true),
        Arguments.of("a/**/b", "a/b/c", false),
        Arguments.of("a/**/**/b", "a/b", true),
        Arguments.of("**/b", "b", true),
        Arguments.of("**/b", "x/y/b", true),
        Arguments.of("**/b", "x/b/y", false),
        Arguments.of("*.java", "Main.java", true),
        Arguments.of("*.java", "src/Main.java", false),
        Arguments.of("src/*.java", "src/.java", true),
        Arguments.of("src/*", "src/a", true),
        Arguments.of("src/*", "src/a/b", false),
        Arguments.of("a/*/b", "a/x/b", true),
        Arguments.of("a/*/b", "a/x/y/b", false),
        Arguments.of("?.md", "a.md", true),
        Arguments.of("?.md", "ab.md", false),
        Arguments.of("?", "é", true),
        Arguments.of("?", "😀", true),
        Arguments.of("dir/", "dir/x", true),
        Arguments.of("dir/", "dir/x/y", true),
        Arguments.of("dir/", "dir", false),
        Arguments.of("Src/**", "src/x", false),
        Arguments.of("a!b/(c)+", "a!b/(c)+", true));
  }

  @ParameterizedTest(name = "{0} against {1}: {2}")
  @MethodSource("matching")
  void a_glob_matches_the_paths_git_would_match(String glob, String path, boolean expected) {
    assertThat(PathGlob.of(glob).matches(path)).isEqualTo(expected);
  }

  @Test
  void a_trailing_slash_is_kept_as_the_directory_and_everything_below() {
    assertThat(PathGlob.of("dir/").pattern()).isEqualTo("dir/**");
    assertThat(PathGlob.of("a/b/")).isEqualTo(PathGlob.of("a/b/**"));
  }

  @Test
  void the_length_limit_counts_characters_not_utf16_units() {
    assertThat(PathGlob.of("a".repeat(512)).pattern()).hasSize(512);
    assertThat(PathGlob.of("😀".repeat(512)).matches("😀".repeat(512))).isTrue();
  }

  @Test
  void a_lone_star_never_matches_an_empty_segment_since_no_path_has_one() {
    assertRefused(() -> PathGlob.of("a/*/b").matches("a//b"), "path 'a//b'", "empty segment");
  }

  static Stream<Arguments> refusedGlobs() {
    return Stream.of(
        Arguments.of(null, "''", "is empty"),
        Arguments.of("", "''", "is empty"),
        Arguments.of("a".repeat(513), "'" + "a".repeat(80) + "…'", "513 characters, limit 512"),
        Arguments.of("/src/**", "'/src/**'", "starts with '/'"),
        Arguments.of("/", "'/'", "starts with '/'"),
        Arguments.of(".", "'.'", "'.' segment"),
        Arguments.of("a/./b", "'a/./b'", "'.' segment"),
        Arguments.of("..", "'..'", "'..' segment"),
        Arguments.of("a/../b", "'a/../b'", "'..' segment"),
        Arguments.of("a/..", "'a/..'", "'..' segment"),
        Arguments.of("a//b", "'a//b'", "empty segment"),
        Arguments.of("a//", "'a//'", "empty segment"),
        Arguments.of("a\\b", "'a\\b'", "backslash"),
        Arguments.of("a\u0000b", "'a\\u0000b'", "control character"),
        Arguments.of("a\tb", "'a\\u0009b'", "control character"),
        Arguments.of("a\u007fb", "'a\\u007fb'", "control character"),
        Arguments.of("a\ud800b", "'a\\ud800b'", "broken surrogate"),
        Arguments.of("a**b", "'a**b'", "'**' inside a segment"),
        Arguments.of("**x", "'**x'", "'**' inside a segment"),
        Arguments.of("src/x**", "'src/x**'", "'**' inside a segment"),
        Arguments.of("***", "'***'", "'**' inside a segment"),
        Arguments.of("a[bc]", "'a[bc]'", "sets are not supported"),
        Arguments.of("a]", "'a]'", "sets are not supported"),
        Arguments.of("{a,b}/**", "'{a,b}/**'", "sets are not supported"),
        Arguments.of("a}", "'a}'", "sets are not supported"),
        Arguments.of("!secret/**", "'!secret/**'", "negation is not supported"));
  }

  @ParameterizedTest(name = "{1}: {2}")
  @MethodSource("refusedGlobs")
  void a_glob_outside_the_syntax_is_refused_naming_it_and_the_next_step(
      String glob, String shown, String problem) {
    assertRefused(() -> PathGlob.of(glob), "path glob " + shown, problem);
  }

  @Test
  void a_concrete_path_comes_back_unchanged_with_any_name_characters() {
    for (String path : new String[] {"src/Main.java", "a/[b]/{c}!*?.txt", ".../.git/x", "😀/x"}) {
      assertThat(PathGlob.normalizePath(path)).isEqualTo(path);
    }
    assertThat(PathGlob.normalizePath("x".repeat(4096))).hasSize(4096);
  }

  static Stream<Arguments> refusedPaths() {
    return Stream.of(
        Arguments.of("", "''", "is empty"),
        Arguments.of("/etc/passwd", "'/etc/passwd'", "starts with '/'"),
        Arguments.of("a/../b", "'a/../b'", "'..' segment"),
        Arguments.of("./a", "'./a'", "'.' segment"),
        Arguments.of("a/", "'a/'", "ends with '/'"),
        Arguments.of("a//b", "'a//b'", "empty segment"),
        Arguments.of("a\\b", "'a\\b'", "backslash"),
        Arguments.of("a\nb", "'a\\u000ab'", "control character"),
        Arguments.of("x".repeat(4097), "'" + "x".repeat(80) + "…'", "4097 characters"));
  }

  @ParameterizedTest(name = "{1}: {2}")
  @MethodSource("refusedPaths")
  void a_path_that_is_not_relative_and_plain_is_refused_naming_it(
      String path, String shown, String problem) {
    assertRefused(() -> PathGlob.normalizePath(path), "path " + shown, problem);
    assertRefused(() -> PathGlob.of("**").matches(path), "path " + shown, problem);
  }

  private static void assertRefused(Runnable call, String named, String problem) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_REQUEST))
        .hasMessageStartingWith(named + " ")
        .hasMessageContaining(problem)
        .hasMessageContaining("; ");
  }
}
