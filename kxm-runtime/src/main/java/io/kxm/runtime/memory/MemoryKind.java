package io.kxm.runtime.memory;

/** The two kinds of reviewed Markdown an agent can be briefed with, each in its own folder. */
public enum MemoryKind {
  /** {@code .kxm/memory/*.md}: facts and conventions of the project, always briefed. */
  MEMORY("memory"),
  /** {@code .kxm/skills/*.md}: procedures, briefed only once promoted and hash-verified. */
  SKILL("skills");

  private final String folder;

  MemoryKind(String folder) {
    this.folder = folder;
  }

  /** The folder under {@code .kxm/} that holds this kind. */
  public String folder() {
    return folder;
  }

  public String wireName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
