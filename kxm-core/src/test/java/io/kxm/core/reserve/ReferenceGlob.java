package io.kxm.core.reserve;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Git's glob rules by plain recursive backtracking over segments and characters, written apart from
 * {@link GlobAutomaton} so that the properties compare two independent readings of a glob.
 */
final class ReferenceGlob {
  private ReferenceGlob() {}

  static boolean matches(String glob, String path) {
    return matches(segmentsOf(glob), List.of(path.split("/", -1)));
  }

  static boolean matches(List<String> glob, List<String> path) {
    return segments(glob, 0, path, 0);
  }

  /** The glob's segments, a trailing '/' read as '/**'. */
  static List<String> segmentsOf(String glob) {
    return List.of((glob.endsWith("/") ? glob + "**" : glob).split("/"));
  }

  private static boolean segments(List<String> glob, int i, List<String> path, int j) {
    if (i == glob.size()) {
      return j == path.size();
    }
    if (glob.get(i).equals("**")) {
      // A trailing ** needs one segment: a/** matches what is inside a, not a.
      int least = i == glob.size() - 1 ? 1 : 0;
      for (int k = j + least; k <= path.size(); k++) {
        if (segments(glob, i + 1, path, k)) {
          return true;
        }
      }
      return false;
    }
    return j < path.size()
        && chars(glob.get(i), 0, path.get(j), 0)
        && segments(glob, i + 1, path, j + 1);
  }

  private static boolean chars(String glob, int i, String name, int j) {
    if (i == glob.length()) {
      return j == name.length();
    }
    char c = glob.charAt(i);
    if (c == '*') {
      return chars(glob, i + 1, name, j) || (j < name.length() && chars(glob, i, name, j + 1));
    }
    return j < name.length()
        && (c == '?' || c == name.charAt(j))
        && chars(glob, i + 1, name, j + 1);
  }

  /** Every path of 1 to {@code maxSegments} segments drawn from {@code names}, shortest first. */
  static List<List<String>> everyPath(int maxSegments, List<String> names) {
    List<List<String>> all = new ArrayList<>();
    List<List<String>> last = List.of(List.of());
    for (int n = 1; n <= maxSegments; n++) {
      List<List<String>> longer = new ArrayList<>();
      for (List<String> prefix : last) {
        for (String name : names) {
          List<String> path = new ArrayList<>(prefix);
          path.add(name);
          longer.add(List.copyOf(path));
        }
      }
      all.addAll(longer);
      last = longer;
    }
    all.sort(Comparator.comparingInt(p -> String.join("/", p).length()));
    return List.copyOf(all);
  }
}
