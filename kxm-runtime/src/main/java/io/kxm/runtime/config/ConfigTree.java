package io.kxm.runtime.config;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The files of one {@code .kxm/} tree, keyed by their path under {@code .kxm/} with {@code /}
 * separators: as it is on disk ({@link #fromDisk}) or as Git holds it at a commit ({@link
 * CommittedConfig#read}). Every reader of configuration (the loader, the revision hashes, the trust
 * diff) reads one of these, so what a run pins, what validate checks and what a review compares are
 * the same bytes. The runtime's own data folders ({@code state/}, {@code logs/}, {@code assets/})
 * are left out: KXM writes them, nobody reviews them.
 *
 * @param linked {@code .kxm} itself is a symbolic link; such a tree holds no files, since following
 *     the link would read something outside the reviewed tree
 */
public record ConfigTree(Map<String, Content> files, boolean linked) {
  static final Set<String> RUNTIME_DATA = Set.of("state", "logs", "assets");

  /** How {@link #differences} names a path: {@code .kxm/} and the path under it. */
  public static final String KXM_PREFIX = ConfigLoader.KXM + "/";

  public ConfigTree {
    files = Map.copyOf(files);
  }

  public ConfigTree(Map<String, Content> files) {
    this(files, false);
  }

  /**
   * A file's bytes, or for a symbolic link the text of its target.
   *
   * @param link whether the entry is a symbolic link rather than a file
   */
  public record Content(byte[] bytes, boolean link) {
    public boolean sameAs(Content other) {
      return other != null && link == other.link && Arrays.equals(bytes, other.bytes);
    }

    public String text() {
      return new String(bytes, StandardCharsets.UTF_8);
    }
  }

  /** Whether a path under {@code .kxm/} is reviewed configuration rather than runtime data. */
  public static boolean reviewed(String relative) {
    int slash = relative.indexOf('/');
    return slash < 0 || !RUNTIME_DATA.contains(relative.substring(0, slash));
  }

  /** Whether {@code .kxm/} exists at all, as a folder or as a link. */
  public boolean exists() {
    return linked || !files.isEmpty();
  }

  /** The paths under {@code .kxm/} that differ between this tree and {@code other}, sorted. */
  public List<String> differences(ConfigTree other) {
    Set<String> paths = new TreeSet<>(files.keySet());
    paths.addAll(other.files.keySet());
    return paths.stream()
        .filter(p -> files.get(p) == null || !files.get(p).sameAs(other.files.get(p)))
        .map(p -> KXM_PREFIX + p)
        .toList();
  }

  /** The tree as it is on disk now, links recorded and never followed. */
  public static ConfigTree fromDisk(Path projectRoot) {
    Path kxm = projectRoot.resolve(ConfigLoader.KXM);
    Map<String, Content> files = new TreeMap<>();
    if (Files.isSymbolicLink(kxm)) {
      return new ConfigTree(files, true);
    }
    if (!Files.isDirectory(kxm, LinkOption.NOFOLLOW_LINKS)) {
      return new ConfigTree(files);
    }
    List<Path> found = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(kxm)) {
      walk.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).forEach(found::add);
    } catch (IOException e) {
      throw unreadable(kxm, e);
    }
    for (Path file : found) {
      String relative = relative(kxm, file);
      if (!reviewed(relative)) {
        continue;
      }
      try {
        files.put(
            relative,
            Files.isSymbolicLink(file)
                ? new Content(
                    Files.readSymbolicLink(file)
                        .toString()
                        .replace('\\', '/')
                        .getBytes(StandardCharsets.UTF_8),
                    true)
                : new Content(Files.readAllBytes(file), false));
      } catch (IOException e) {
        throw unreadable(file, e);
      }
    }
    return new ConfigTree(files);
  }

  private static String relative(Path kxm, Path file) {
    List<String> parts = new ArrayList<>();
    kxm.relativize(file).forEach(p -> parts.add(p.toString()));
    return String.join("/", parts);
  }

  private static KxmException unreadable(Path path, IOException e) {
    return new KxmException(
        ErrorCode.CONFIG_UNREADABLE, "cannot read " + path + ": " + e.getMessage());
  }
}
