package io.kxm.runtime.memory;

import java.util.List;
import java.util.Objects;

/**
 * One parsed memory or skill file.
 *
 * @param path the file relative to the project root, with {@code /} separators, such as {@code
 *     .kxm/skills/release.md}
 * @param name unique within its kind; what promotion and listings name the file by
 * @param description one line saying when the entry matters
 * @param tags short lower-case labels, possibly none
 * @param body the Markdown after the front matter
 * @param sha256 hex SHA-256 of the file's bytes as they are on disk
 */
public record MemoryFile(
    MemoryKind kind,
    String path,
    String name,
    String description,
    List<String> tags,
    String body,
    String sha256) {
  public MemoryFile {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    tags = List.copyOf(tags);
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(sha256, "sha256");
  }
}
