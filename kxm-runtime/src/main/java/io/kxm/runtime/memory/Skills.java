package io.kxm.runtime.memory;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Promotion and verification of skills against {@link SkillLock}. */
public final class Skills {
  private Skills() {}

  /** Every skill file and every lock entry, checked, sorted by name. */
  public static List<SkillState> states(Path projectRoot) {
    return states(MemoryFiles.load(projectRoot, MemoryKind.SKILL), SkillLock.read(projectRoot));
  }

  static List<SkillState> states(List<MemoryFile> files, Map<String, SkillLock.Entry> lock) {
    Map<String, SkillState> states = new TreeMap<>();
    for (MemoryFile file : files) {
      SkillLock.Entry entry = lock.get(file.name());
      SkillState.Status status;
      if (entry == null) {
        status = SkillState.Status.CANDIDATE;
      } else if (entry.sha256().equals(file.sha256()) && file.path().endsWith("/" + entry.file())) {
        status = SkillState.Status.PROMOTED;
      } else {
        status = SkillState.Status.HASH_MISMATCH;
      }
      states.put(
          file.name(),
          new SkillState(
              file.name(),
              file.path(),
              status,
              entry == null ? null : entry.sha256(),
              file.sha256()));
    }
    lock.forEach((name, entry) ->
        states.putIfAbsent(
            name,
            new SkillState(
                name,
                ".kxm/skills/" + entry.file(),
                SkillState.Status.MISSING,
                entry.sha256(),
                null)));
    return List.copyOf(states.values());
  }

  /**
   * Records the skill's current hash in the lock, so it reaches agents once the lock is committed.
   * Promoting an already promoted, unchanged skill changes nothing.
   *
   * @throws KxmException {@code memory_invalid} when no skill has that name, or a file is invalid
   */
  public static SkillState promote(Path projectRoot, String name) {
    MemoryFile skill =
        MemoryFiles.load(projectRoot, MemoryKind.SKILL).stream()
            .filter(f -> f.name().equals(name))
            .findFirst()
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.MEMORY_INVALID,
                    "no skill named '"
                        + name
                        + "' in .kxm/skills/; list skills with 'kxm memory list'"));
    Map<String, SkillLock.Entry> lock = new LinkedHashMap<>(SkillLock.read(projectRoot));
    String fileName = Path.of(skill.path()).getFileName().toString();
    lock.put(name, new SkillLock.Entry(fileName, skill.sha256()));
    SkillLock.write(projectRoot, lock);
    return new SkillState(
        name, skill.path(), SkillState.Status.PROMOTED, skill.sha256(), skill.sha256());
  }

  /**
   * The promoted skills whose files still match the lock.
   *
   * @throws KxmException {@code skill_hash_mismatch} naming every skill that changed or vanished
   *     since it was promoted
   */
  public static List<SkillState> verify(Path projectRoot) {
    List<String> changed = new ArrayList<>();
    List<SkillState> promoted = new ArrayList<>();
    for (SkillState state : states(projectRoot)) {
      switch (state.status()) {
        case PROMOTED -> promoted.add(state);
        case HASH_MISMATCH, MISSING -> changed.add(mismatch(state));
        case CANDIDATE -> {}
      }
    }
    if (!changed.isEmpty()) {
      throw new KxmException(ErrorCode.SKILL_HASH_MISMATCH, String.join("; ", changed));
    }
    return promoted;
  }

  /** Why a skill that does not match its lock entry is left out, naming file and hashes. */
  static String mismatch(SkillState state) {
    return state.status() == SkillState.Status.MISSING
        ? "skill '" + state.name() + "' was promoted but " + state.file() + " is gone"
        : "skill '"
            + state.name()
            + "' ("
            + state.file()
            + ") hashes to "
            + state.actualSha256()
            + " but was promoted as "
            + state.promotedSha256();
  }
}
