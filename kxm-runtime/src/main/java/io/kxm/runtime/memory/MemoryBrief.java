package io.kxm.runtime.memory;

import io.kxm.core.secret.Redactor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What an agent is told of the project's reviewed memory: every {@code .kxm/memory/*.md} file and
 * every promoted skill whose file still matches its recorded hash, as one bounded Markdown text.
 * Skills that are only candidates, changed since promotion, or gone are left out and listed in
 * {@link #leftOut}. When the text would pass the limit, later entries shrink to their name and
 * description, and past that are only counted.
 *
 * @param text the brief; empty when there is nothing to tell
 * @param included the files whose text (whole or shortened) is in the brief
 * @param leftOut files not in the brief, each with the reason
 */
public record MemoryBrief(String text, List<MemoryFile> included, List<LeftOut> leftOut) {
  /** The default limit of {@link #text}, in characters. */
  public static final int DEFAULT_MAX_CHARS = 24_000;

  private static final int SMALLEST_LIMIT = 1_000;
  private static final String HEADER =
      "# Project memory\n\nReviewed notes and promoted skills from this project's .kxm/ folder.\n";

  public MemoryBrief {
    included = List.copyOf(included);
    leftOut = List.copyOf(leftOut);
  }

  /** A file kept out of the brief and why. */
  public record LeftOut(String file, String reason) {}

  public boolean isEmpty() {
    return text.isEmpty();
  }

  /**
   * The brief of the project as it is on disk, at most {@link #DEFAULT_MAX_CHARS}.
   *
   * @throws io.kxm.core.error.KxmException {@code memory_invalid} naming a malformed file
   */
  public static MemoryBrief read(Path projectRoot) {
    return read(projectRoot, DEFAULT_MAX_CHARS);
  }

  /** As {@link #read(Path)}, with the text bounded by {@code maxChars} (1,000 or more). */
  public static MemoryBrief read(Path projectRoot, int maxChars) {
    if (maxChars < SMALLEST_LIMIT) {
      throw new IllegalArgumentException("maxChars must be at least " + SMALLEST_LIMIT);
    }
    List<MemoryFile> memories = MemoryFiles.load(projectRoot, MemoryKind.MEMORY);
    List<MemoryFile> skills = MemoryFiles.load(projectRoot, MemoryKind.SKILL);
    Map<String, SkillLock.Entry> lock = SkillLock.read(projectRoot);
    List<MemoryFile> candidates = new ArrayList<>(memories);
    List<LeftOut> leftOut = new ArrayList<>();
    for (SkillState state : Skills.states(skills, lock)) {
      switch (state.status()) {
        case PROMOTED ->
            skills.stream().filter(s -> s.name().equals(state.name())).forEach(candidates::add);
        case CANDIDATE -> leftOut.add(new LeftOut(state.file(), "not promoted"));
        case HASH_MISMATCH, MISSING ->
            leftOut.add(
                new LeftOut(state.file(), "skill_hash_mismatch: " + Skills.mismatch(state)));
      }
    }
    return compose(candidates, leftOut, maxChars);
  }

  private static MemoryBrief compose(List<MemoryFile> files, List<LeftOut> leftOut, int maxChars) {
    if (files.isEmpty()) {
      return new MemoryBrief("", List.of(), leftOut);
    }
    // Room is kept for the closing line that counts what did not fit.
    int budget = maxChars - 120;
    StringBuilder text = new StringBuilder(HEADER);
    List<MemoryFile> included = new ArrayList<>();
    int omitted = 0;
    for (MemoryFile file : files) {
      String whole = section(file, true);
      String shortened = section(file, false);
      if (text.length() + whole.length() <= budget) {
        text.append(whole);
        included.add(file);
      } else if (text.length() + shortened.length() <= budget) {
        text.append(shortened);
        included.add(file);
      } else {
        omitted++;
        leftOut.add(new LeftOut(file.path(), "the brief reached its limit of " + maxChars));
      }
    }
    if (omitted > 0) {
      text.append("\n(")
          .append(omitted)
          .append(" more entries did not fit; read them under .kxm/memory and .kxm/skills)\n");
    }
    return new MemoryBrief(text.toString(), included, leftOut);
  }

  private static String section(MemoryFile file, boolean whole) {
    StringBuilder out = new StringBuilder("\n## ");
    out.append(file.kind() == MemoryKind.SKILL ? "Skill: " : "Memory: ").append(file.name());
    out.append("\n\n").append(Redactor.redact(file.description())).append('\n');
    if (!file.tags().isEmpty()) {
      out.append("Tags: ").append(String.join(", ", file.tags())).append('\n');
    }
    if (whole) {
      if (!file.body().isEmpty()) {
        out.append('\n').append(Redactor.redact(file.body())).append('\n');
      }
    } else {
      out.append("(shortened to fit; the whole text is in ").append(file.path()).append(")\n");
    }
    return out.toString();
  }
}
