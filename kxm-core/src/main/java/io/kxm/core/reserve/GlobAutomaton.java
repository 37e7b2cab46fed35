package io.kxm.core.reserve;

import io.kxm.core.reserve.CharClass.Literal;
import io.kxm.core.reserve.CharClass.NotSlash;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A glob compiled to a nondeterministic automaton over code points. It accepts exactly the valid
 * paths the glob matches: every segment it reads holds at least one character, so a lone {@code *}
 * needs one and {@code **} runs over whole non-empty segments. {@link PathGlob#matches} and {@link
 * GlobOverlap} both read this one automaton, so they cannot disagree.
 */
final class GlobAutomaton {
  private static final CharClass NAME_CHAR = new NotSlash();
  private static final CharClass SLASH = new Literal('/');

  record Edge(CharClass on, int to) {}

  private final List<List<Edge>> edges = new ArrayList<>();
  private final List<List<Integer>> epsilons = new ArrayList<>();
  private final BitSet[] closures;
  private final int accept;

  GlobAutomaton(PathGlob glob) {
    List<String> segments = List.of(glob.pattern().split("/"));
    int at = newState();
    for (int i = 0; i < segments.size(); i++) {
      boolean last = i == segments.size() - 1;
      if (segments.get(i).equals("**")) {
        // A run of ** reads the same paths as one; collapsing keeps epsilon closures small.
        if (last || !segments.get(i + 1).equals("**")) {
          at = globstar(at, last);
        }
      } else {
        at = segment(at, segments.get(i));
        if (!last) {
          at = step(at, SLASH);
        }
      }
    }
    accept = at;
    closures = new BitSet[edges.size()];
    // Epsilon moves only go to newer states, so closures fill from the last state backwards.
    for (int s = edges.size() - 1; s >= 0; s--) {
      closures[s] = new BitSet();
      closures[s].set(s);
      for (int to : epsilons.get(s)) {
        closures[s].or(closures[to]);
      }
    }
  }

  int start() {
    return 0;
  }

  int size() {
    return edges.size();
  }

  List<Edge> edges(int state) {
    return edges.get(state);
  }

  BitSet closure(int state) {
    return closures[state];
  }

  /** Whether, once in {@code state}, the path may end here. */
  boolean accepting(int state) {
    return closures[state].get(accept);
  }

  boolean accepts(String path) {
    BitSet current = closure(start());
    for (int i = 0; i < path.length() && !current.isEmpty(); ) {
      int c = path.codePointAt(i);
      BitSet next = new BitSet();
      for (int s = current.nextSetBit(0); s >= 0; s = current.nextSetBit(s + 1)) {
        for (Edge edge : edges.get(s)) {
          if (edge.on().reads(c)) {
            next.or(closures[edge.to()]);
          }
        }
      }
      current = next;
      i += Character.charCount(c);
    }
    return current.get(accept);
  }

  private int segment(int at, String segment) {
    if (segment.equals("*")) {
      // A path has no empty segment, so a lone * must read at least one character.
      at = step(at, NAME_CHAR);
    }
    for (int i = 0; i < segment.length(); ) {
      int c = segment.codePointAt(i);
      if (c == '*') {
        // A fresh state for the loop, so that it never adds a loop to a state others share.
        int loop = newState();
        epsilons.get(at).add(loop);
        edges.get(loop).add(new Edge(NAME_CHAR, loop));
        at = loop;
      } else {
        at = step(at, c == '?' ? NAME_CHAR : new Literal(c));
      }
      i += Character.charCount(c);
    }
    return at;
  }

  /**
   * Whole segments: {@code (name/)*} before a further segment, or {@code name(/name)*} at the end,
   * where Git's {@code a/**} matches what lies inside {@code a} but not {@code a} itself.
   */
  private int globstar(int at, boolean last) {
    int segmentStart = newState();
    int inName = newState();
    epsilons.get(at).add(segmentStart);
    edges.get(segmentStart).add(new Edge(NAME_CHAR, inName));
    edges.get(inName).add(new Edge(NAME_CHAR, inName));
    edges.get(inName).add(new Edge(SLASH, segmentStart));
    return last ? inName : segmentStart;
  }

  private int step(int from, CharClass on) {
    int to = newState();
    edges.get(from).add(new Edge(on, to));
    return to;
  }

  private int newState() {
    edges.add(new ArrayList<>());
    epsilons.add(new ArrayList<>());
    return edges.size() - 1;
  }
}
