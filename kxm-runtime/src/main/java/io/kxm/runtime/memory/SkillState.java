package io.kxm.runtime.memory;

/**
 * Where a skill stands against the promotion lock.
 *
 * @param file the skill's path relative to the project root
 * @param promotedSha256 the hash the lock records, or null when the skill is not promoted
 * @param actualSha256 the hash of the file now, or null when the file is gone
 */
public record SkillState(
    String name, String file, Status status, String promotedSha256, String actualSha256) {

  /** The closed set of outcomes of checking a skill against the lock. */
  public enum Status {
    /** Promoted, and the file still hashes to what was promoted: briefed to agents. */
    PROMOTED,
    /** Present but never promoted: a candidate, never briefed. */
    CANDIDATE,
    /** Promoted, but the file changed since: refused with {@code skill_hash_mismatch}. */
    HASH_MISMATCH,
    /** Promoted, but no skill of that name exists any more. */
    MISSING;

    public String wireName() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }
}
