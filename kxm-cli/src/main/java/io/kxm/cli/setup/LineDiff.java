package io.kxm.cli.setup;

import java.util.ArrayList;
import java.util.List;

/** A unified diff of two small texts, line by line, three lines of context. */
public final class LineDiff {
  private static final int CONTEXT = 3;

  /** Files longer than this are shown whole on both sides rather than diffed. */
  private static final int MAX_LINES = 4000;

  private LineDiff() {}

  private record Edit(char kind, String line, int oldLine, int newLine) {}

  /**
   * @param before the old text, null for a file that does not exist yet
   * @return the diff, empty when the texts are equal
   */
  public static String unified(String label, String before, String after) {
    if (after.equals(before)) {
      return "";
    }
    List<String> a = before == null ? List.of() : lines(before);
    List<String> b = lines(after);
    List<Edit> edits = edits(a, b);
    StringBuilder out = new StringBuilder();
    out.append("--- ").append(before == null ? "/dev/null" : "a/" + label).append('\n');
    out.append("+++ b/").append(label).append('\n');
    int i = 0;
    while (i < edits.size()) {
      if (edits.get(i).kind() == ' ') {
        i++;
        continue;
      }
      int start = Math.max(0, i - CONTEXT);
      int end = i;
      // a hunk runs on while the next change is within twice the context
      while (end < edits.size()) {
        if (edits.get(end).kind() != ' ') {
          end++;
          continue;
        }
        int next = end;
        while (next < edits.size() && edits.get(next).kind() == ' ') {
          next++;
        }
        if (next < edits.size() && next - end <= 2 * CONTEXT) {
          end = next;
        } else {
          end = Math.min(edits.size(), end + CONTEXT);
          break;
        }
      }
      hunk(out, edits.subList(start, end));
      i = end;
    }
    return out.toString();
  }

  private static void hunk(StringBuilder out, List<Edit> hunk) {
    int oldStart = 0;
    int newStart = 0;
    int oldCount = 0;
    int newCount = 0;
    for (Edit e : hunk) {
      if (e.kind() != '+') {
        oldCount++;
        if (oldStart == 0) {
          oldStart = e.oldLine();
        }
      }
      if (e.kind() != '-') {
        newCount++;
        if (newStart == 0) {
          newStart = e.newLine();
        }
      }
    }
    if (oldStart == 0) {
      oldStart = Math.max(0, hunk.getFirst().oldLine() - 1);
    }
    if (newStart == 0) {
      newStart = Math.max(0, hunk.getFirst().newLine() - 1);
    }
    out.append("@@ -")
        .append(oldStart)
        .append(',')
        .append(oldCount)
        .append(" +")
        .append(newStart)
        .append(',')
        .append(newCount)
        .append(" @@\n");
    for (Edit e : hunk) {
      out.append(e.kind()).append(e.line()).append('\n');
    }
  }

  /** The shortest edit by longest common subsequence; whole replacement past the size limit. */
  private static List<Edit> edits(List<String> a, List<String> b) {
    List<Edit> out = new ArrayList<>();
    if (a.size() > MAX_LINES || b.size() > MAX_LINES) {
      for (int i = 0; i < a.size(); i++) {
        out.add(new Edit('-', a.get(i), i + 1, 1));
      }
      for (int j = 0; j < b.size(); j++) {
        out.add(new Edit('+', b.get(j), a.size() + 1, j + 1));
      }
      return out;
    }
    int[][] common = new int[a.size() + 1][b.size() + 1];
    for (int i = a.size() - 1; i >= 0; i--) {
      for (int j = b.size() - 1; j >= 0; j--) {
        common[i][j] =
            a.get(i).equals(b.get(j))
                ? common[i + 1][j + 1] + 1
                : Math.max(common[i + 1][j], common[i][j + 1]);
      }
    }
    int i = 0;
    int j = 0;
    while (i < a.size() || j < b.size()) {
      if (i < a.size() && j < b.size() && a.get(i).equals(b.get(j))) {
        out.add(new Edit(' ', a.get(i), i + 1, j + 1));
        i++;
        j++;
      } else if (j < b.size() && (i == a.size() || common[i][j + 1] >= common[i + 1][j])) {
        out.add(new Edit('+', b.get(j), i + 1, j + 1));
        j++;
      } else {
        out.add(new Edit('-', a.get(i), i + 1, j + 1));
        i++;
      }
    }
    return out;
  }

  private static List<String> lines(String text) {
    List<String> out = new ArrayList<>(List.of(text.split("\n", -1)));
    if (!out.isEmpty() && out.getLast().isEmpty()) {
      out.removeLast();
    }
    return out;
  }
}
