package io.kxm.core.reserve;

import io.kxm.core.reserve.GlobAutomaton.Edge;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Optional;

/**
 * Whether two globs can match one path, decided exactly: a breadth-first search of the product of
 * their automata, which also tracks the current segment so that a witness never holds a {@code .}
 * or {@code ..} segment. The first accepting state found gives a shortest witness.
 */
public final class GlobOverlap {
  // What the current segment holds so far; a '/' may follow only a NAME.
  private static final int EMPTY = 0;
  private static final int DOT = 1;
  private static final int DOT_DOT = 2;
  private static final int NAME = 3;
  private static final int KINDS = 4;

  private GlobOverlap() {}

  /**
   * A shortest path both globs match, or empty when none exists. Where both globs take any
   * character the witness uses {@code x}. A shortest witness spends every character but a few per
   * pair of wildcards on moving one glob forward, so it stays well under {@link
   * PathGlob#MAX_PATH_LENGTH} and {@link PathGlob#matches} accepts it.
   */
  public static Optional<String> witness(PathGlob a, PathGlob b) {
    GlobAutomaton left = new GlobAutomaton(a);
    GlobAutomaton right = new GlobAutomaton(b);
    int nodes = left.size() * right.size() * KINDS;
    // parent[n] is the node the search came from, read[n] the character it read; -1 unseen.
    int[] parent = new int[nodes];
    int[] read = new int[nodes];
    Arrays.fill(parent, -1);
    int first = node(left.start(), right.start(), EMPTY, right);
    parent[first] = first;
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    queue.add(first);
    while (!queue.isEmpty()) {
      int at = queue.poll();
      int p = at / KINDS / right.size();
      int q = at / KINDS % right.size();
      int kind = at % KINDS;
      if (kind == NAME && left.accepting(p) && right.accepting(q)) {
        return Optional.of(path(at, parent, read));
      }
      BitSet ps = left.closure(p);
      BitSet qs = right.closure(q);
      for (int i = ps.nextSetBit(0); i >= 0; i = ps.nextSetBit(i + 1)) {
        for (int j = qs.nextSetBit(0); j >= 0; j = qs.nextSetBit(j + 1)) {
          for (Edge x : left.edges(i)) {
            for (Edge y : right.edges(j)) {
              int c = CharClass.meet(x.on(), y.on());
              int next = c == CharClass.NONE ? -1 : after(kind, c);
              if (next >= 0) {
                int to = node(x.to(), y.to(), next, right);
                if (parent[to] < 0) {
                  parent[to] = at;
                  read[to] = c;
                  queue.add(to);
                }
              }
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  /** Whether some path matches both globs. */
  public static boolean overlaps(PathGlob a, PathGlob b) {
    return witness(a, b).isPresent();
  }

  /** The segment kind after reading {@code c}, or -1 where a path may not go on that way. */
  private static int after(int kind, int c) {
    if (c == '/') {
      return kind == NAME ? EMPTY : -1;
    }
    if (c != '.') {
      return NAME;
    }
    return switch (kind) {
      case EMPTY -> DOT;
      case DOT -> DOT_DOT;
      default -> NAME;
    };
  }

  private static int node(int p, int q, int kind, GlobAutomaton right) {
    return (p * right.size() + q) * KINDS + kind;
  }

  private static String path(int end, int[] parent, int[] read) {
    StringBuilder reversed = new StringBuilder();
    for (int at = end; parent[at] != at; at = parent[at]) {
      reversed.appendCodePoint(read[at]);
    }
    // reverse() keeps each surrogate pair in order, so characters outside the BMP survive.
    return reversed.reverse().toString();
  }
}
