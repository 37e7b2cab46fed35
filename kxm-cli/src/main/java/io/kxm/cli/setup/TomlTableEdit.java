package io.kxm.cli.setup;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.toml.TomlValues;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.toml.TomlMapper;

/**
 * Sets one table (and its sub-tables) of a TOML file by editing its text, so every other line, its
 * comments included, stays as it was: the table's header lines and the entries kxm sets are
 * rewritten, entries kxm does not set are kept, and the result is parsed again to prove it is TOML
 * and holds what was meant. A table defined another way (dotted keys, an inline table) is refused
 * rather than guessed at.
 */
final class TomlTableEdit {
  private static final TomlMapper TOML = new TomlMapper();

  private TomlTableEdit() {}

  /** One table to write: its dotted path, and its entries as TOML value text, in order. */
  record Table(List<String> path, Map<String, String> entries) {
    Table {
      path = List.copyOf(path);
      entries = new LinkedHashMap<>(entries);
    }

    String header() {
      return "[" + String.join(".", path.stream().map(TomlValues::key).toList()) + "]";
    }
  }

  /**
   * @param before the file's text, null when there is none
   * @param tables the table first, then its sub-tables; each key of theirs is set, any other kept
   * @param removable keys kxm once set in these tables and now leaves unset (dropped when there)
   * @throws KxmException {@code setup_file_invalid} when the file is no TOML, {@code
   *     setup_conflict} when the table is defined in a way this edit does not rewrite
   */
  static String set(Path file, String before, List<Table> tables, Set<String> removable) {
    String text = before == null ? "" : before;
    parse(file, text, ErrorCode.SETUP_FILE_INVALID, " is not valid TOML: ");
    List<String> root = tables.getFirst().path();
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    if (!lines.isEmpty() && lines.getLast().isEmpty()) {
      lines.removeLast();
    }
    List<Segment> segments = segments(lines, root, file);

    // entries of kxm's tables that kxm does not set, kept in their table
    Map<List<String>, List<String>> kept = new LinkedHashMap<>();
    List<List<String>> extraOrder = new ArrayList<>();
    for (Segment segment : segments) {
      Table mine =
          tables.stream().filter(t -> t.path().equals(segment.path())).findFirst().orElse(null);
      List<String> body = lines.subList(segment.start() + 1, segment.end());
      if (mine == null) {
        extraOrder.add(segment.path());
        kept.computeIfAbsent(segment.path(), p -> new ArrayList<>())
            .addAll(lines.subList(segment.start(), segment.end()));
        continue;
      }
      kept.computeIfAbsent(segment.path(), p -> new ArrayList<>())
          .addAll(unmanaged(body, mine.entries().keySet(), removable));
    }

    List<String> block = new ArrayList<>();
    for (Table table : tables) {
      if (!block.isEmpty()) {
        block.add("");
      }
      block.add(table.header());
      table.entries().forEach((k, v) -> block.add(TomlValues.key(k) + " = " + v));
      block.addAll(kept.getOrDefault(table.path(), List.of()));
    }
    for (List<String> extra : extraOrder) {
      block.add("");
      block.addAll(kept.get(extra));
    }

    List<String> out = new ArrayList<>();
    if (segments.isEmpty()) {
      out.addAll(lines);
      while (!out.isEmpty() && out.getLast().isBlank()) {
        out.removeLast();
      }
      if (!out.isEmpty()) {
        out.add("");
      }
      out.addAll(block);
    } else {
      int at = 0;
      boolean placed = false;
      for (Segment segment : segments) {
        out.addAll(lines.subList(at, segment.start()));
        if (!placed) {
          out.addAll(block);
          placed = true;
        } else {
          // a later segment's lines went into the block; drop the blank line left before it
          while (!out.isEmpty() && out.getLast().isBlank()) {
            out.removeLast();
          }
        }
        at = segment.end();
      }
      out.addAll(lines.subList(at, lines.size()));
    }
    String after = String.join("\n", out) + "\n";
    if (after.equals(text)) {
      return text;
    }
    parse(file, after, ErrorCode.SETUP_CONFLICT, " would not be valid TOML after the edit: ");
    return after;
  }

  /** The parsed document, for checks. */
  static JsonNode parse(Path file, String text, ErrorCode code, String what) {
    try {
      return TOML.readTree(text);
    } catch (JacksonException e) {
      throw new KxmException(code, file + what + e.getOriginalMessage());
    }
  }

  /** A table of kxm's in the text: its header line and the lines up to its last entry. */
  private record Segment(List<String> path, int start, int end) {}

  private static List<Segment> segments(List<String> lines, List<String> root, Path file) {
    List<Segment> out = new ArrayList<>();
    List<String> open = null;
    List<String> current = List.of();
    int start = -1;
    int lastContent = -1;
    MultiLine strings = new MultiLine();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      // a line that goes on a multi-line string, array or inline table is no header
      boolean continued = strings.inside() || strings.depth() > 0;
      strings.scan(line);
      if (continued) {
        lastContent = i;
        continue;
      }
      String trimmed = line.strip();
      if (trimmed.startsWith("[")) {
        boolean array = trimmed.startsWith("[[");
        List<String> path = headerPath(trimmed, array);
        if (open != null) {
          // Comments between two of kxm's tables stay with the first: the tables are written
          // together, so lines left between them would move below the second one on every run.
          boolean nextIsKxms = path != null && !array && startsWith(path, root);
          out.add(new Segment(open, start, nextIsKxms ? i : lastContent + 1));
          open = null;
        }
        current = path == null ? List.of() : path;
        if (path != null && startsWith(path, root)) {
          if (array) {
            throw new KxmException(
                ErrorCode.SETUP_CONFLICT,
                file + " line " + (i + 1) + ": " + trimmed + " makes an array of kxm's table");
          }
          open = path;
          start = i;
          lastContent = i;
        }
        continue;
      }
      if (open == null) {
        if (definesRootElsewhere(current, trimmed, root)) {
          throw new KxmException(
              ErrorCode.SETUP_CONFLICT,
              file
                  + " line "
                  + (i + 1)
                  + " sets "
                  + String.join(".", root)
                  + " by a dotted key or an inline table");
        }
        continue;
      }
      if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
        lastContent = i;
      }
    }
    if (open != null) {
      out.add(new Segment(open, start, lastContent + 1));
    }
    return out;
  }

  /**
   * The lines of a table body kxm does not own: entries of other keys, each with the lines its
   * value runs on (an open array or inline table, a multi-line string), and standalone comments.
   */
  private static List<String> unmanaged(
      List<String> body, Set<String> managed, Set<String> removable) {
    List<String> out = new ArrayList<>();
    boolean keep = true;
    MultiLine scan = new MultiLine();
    for (String line : body) {
      boolean continued = scan.inside() || scan.depth() > 0;
      if (!continued) {
        String k = entryKey(line);
        if (k == null) {
          // a comment or blank line between entries belongs to none of them
          scan.scan(line);
          if (!line.isBlank()) {
            out.add(line);
          }
          continue;
        }
        keep = !managed.contains(k) && !removable.contains(k);
      }
      scan.scan(line);
      if (keep) {
        out.add(line);
      }
    }
    return out;
  }

  /** The key an entry line sets (its first part, unquoted), or null for no entry line. */
  private static String entryKey(String line) {
    String trimmed = line.strip();
    if (trimmed.isEmpty() || trimmed.startsWith("#")) {
      return null;
    }
    List<String> parts = dotted(trimmed, '=');
    return parts == null || parts.isEmpty() ? null : parts.getFirst();
  }

  /** A top-level {@code mcp_servers.kxm.x = …} or an inline {@code kxm = {…}} under its parent. */
  private static boolean definesRootElsewhere(
      List<String> table, String trimmed, List<String> root) {
    List<String> parts = dotted(trimmed, '=');
    if (parts == null) {
      return false;
    }
    List<String> full = new ArrayList<>(table);
    full.addAll(parts);
    return startsWith(full, root);
  }

  private static List<String> headerPath(String trimmed, boolean array) {
    String inner = trimmed.substring(array ? 2 : 1);
    return dotted(inner, ']');
  }

  /**
   * The dotted key at the start of {@code text}, up to {@code end} ({@code =} or {@code ]}), each
   * part unquoted; null when it is not one.
   */
  private static List<String> dotted(String text, char end) {
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    int i = 0;
    boolean any = false;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == ' ' || c == '\t') {
        i++;
      } else if (c == '"' || c == '\'') {
        int close = text.indexOf(c, i + 1);
        while (c == '"' && close > 0 && text.charAt(close - 1) == '\\') {
          close = text.indexOf(c, close + 1);
        }
        if (close < 0) {
          return null;
        }
        part.append(text, i + 1, close);
        any = true;
        i = close + 1;
      } else if (c == '.') {
        if (!any) {
          return null;
        }
        parts.add(part.toString());
        part.setLength(0);
        any = false;
        i++;
      } else if (c == end) {
        if (!any) {
          return null;
        }
        parts.add(part.toString());
        return parts;
      } else if (Character.isLetterOrDigit(c) || c == '_' || c == '-') {
        part.append(c);
        any = true;
        i++;
      } else {
        return null;
      }
    }
    return null;
  }

  private static boolean startsWith(List<String> path, List<String> prefix) {
    return path.size() >= prefix.size() && path.subList(0, prefix.size()).equals(prefix);
  }

  /**
   * Whether a line ends inside a multi-line string ({@code """} or {@code '''}), and how deep in
   * open arrays and inline tables.
   */
  private static final class MultiLine {
    private String open;
    private int depth;

    boolean inside() {
      return open != null;
    }

    int depth() {
      return depth;
    }

    void scan(String line) {
      int i = 0;
      while (i < line.length()) {
        if (open != null) {
          int close = line.indexOf(open, i);
          if (close < 0) {
            return;
          }
          i = close + 3;
          open = null;
          continue;
        }
        char c = line.charAt(i);
        if (c == '#') {
          return;
        }
        if (line.startsWith("\"\"\"", i) || line.startsWith("'''", i)) {
          open = line.substring(i, i + 3);
          i += 3;
        } else if (c == '"' || c == '\'') {
          int close = line.indexOf(c, i + 1);
          while (c == '"' && close > 0 && line.charAt(close - 1) == '\\') {
            close = line.indexOf(c, close + 1);
          }
          i = close < 0 ? line.length() : close + 1;
        } else {
          if (c == '[' || c == '{') {
            depth++;
          } else if ((c == ']' || c == '}') && depth > 0) {
            depth--;
          }
          i++;
        }
      }
    }
  }
}
