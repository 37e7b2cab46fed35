package io.kxm.core.reserve;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.KxmException;

/**
 * A pattern of paths relative to a repository root, in Git's glob syntax without sets. Segments are
 * separated by {@code /}; inside a segment {@code *} matches any run of characters and {@code ?}
 * one character, neither crossing a {@code /}; {@code **} as a whole segment matches zero or more
 * whole segments, so {@code a/**}{@code /b} matches {@code a/b} and {@code a/x/y/b}, and {@code **}
 * alone matches every path. As in Git, {@code a/**} matches everything inside {@code a} but not
 * {@code a} itself. A trailing {@code /} means the directory and everything below it: {@code dir/}
 * is kept as {@code dir/**}. Every other character, {@code !} included, is itself, compared case
 * for case.
 *
 * <p>A path has no empty segment, so a segment that is only {@code *} needs at least one character:
 * {@code a/*}{@code /b} never matches {@code a//b}, and no overlap witness contains one.
 *
 * @param pattern the glob, with a trailing {@code /} already written as {@code /**}
 */
public record PathGlob(@JsonValue String pattern) {
  /** Longest glob accepted, in characters (code points). */
  public static final int MAX_LENGTH = 512;

  /**
   * Longest concrete path accepted, in characters: Linux's {@code PATH_MAX}. It is well above
   * {@link #MAX_LENGTH} because the shortest path two globs share can be longer than either glob.
   */
  public static final int MAX_PATH_LENGTH = 4096;

  private static final String KIND = "path glob";

  /**
   * @throws KxmException {@code invalid_request} naming the glob and what to change
   */
  public PathGlob {
    PathRules.check(KIND, pattern, MAX_LENGTH, true);
    if (pattern.startsWith("!")) {
      throw PathRules.refused(
          KIND,
          pattern,
          "starts with '!', and negation is not supported; reserve only what you use");
    }
    if (pattern.chars().anyMatch(c -> c == '[' || c == ']' || c == '{' || c == '}')) {
      throw PathRules.refused(
          KIND,
          pattern,
          "uses '[', ']', '{' or '}', and sets are not supported; write one glob each");
    }
    String whole = pattern.endsWith("/") ? pattern + "**" : pattern;
    for (String segment : whole.split("/")) {
      if (segment.contains("**") && !segment.equals("**")) {
        throw PathRules.refused(
            KIND,
            pattern,
            "has '**' inside a segment; write '**' as a whole segment (a/**/b) or '*' within one");
      }
    }
    pattern = whole;
  }

  /** Same as the constructor, for call sites that read better with a factory; JSON reads it so. */
  @JsonCreator
  public static PathGlob of(String pattern) {
    return new PathGlob(pattern);
  }

  /**
   * Whether this glob matches {@code path}.
   *
   * @throws KxmException {@code invalid_request} when {@code path} breaks {@link #normalizePath}
   */
  public boolean matches(String path) {
    return new GlobAutomaton(this).accepts(normalizePath(path));
  }

  /**
   * {@code path} unchanged when it is a concrete path relative to the repository root: not empty,
   * at most {@link #MAX_PATH_LENGTH} characters, no leading or trailing {@code /}, no empty, {@code
   * .} or {@code ..} segment, no backslash and no control character. It is refused rather than
   * rewritten, so one file never has two spellings a reservation would have to know.
   *
   * @throws KxmException {@code invalid_request} naming the path and what to change
   */
  public static String normalizePath(String path) {
    PathRules.check("path", path, MAX_PATH_LENGTH, false);
    return path;
  }
}
