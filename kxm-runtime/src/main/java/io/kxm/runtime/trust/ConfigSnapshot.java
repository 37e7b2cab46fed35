package io.kxm.runtime.trust;

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
import java.util.stream.Stream;

/**
 * The files of one {@code .kxm/} tree, keyed by their path under {@code .kxm/} with {@code /}
 * separators. The runtime's own data folders ({@code state/}, {@code logs/}) are left out: they are
 * written by KXM, not reviewed.
 */
record ConfigSnapshot(Map<String, Content> files) {
  static final Set<String> RUNTIME_DATA = Set.of("state", "logs");

  ConfigSnapshot {
    files = Map.copyOf(files);
  }

  /**
   * A file's bytes, or for a symbolic link the text of its target.
   *
   * @param link whether the entry is a symbolic link rather than a file
   */
  record Content(byte[] bytes, boolean link) {
    boolean sameAs(Content other) {
      return other != null && link == other.link && Arrays.equals(bytes, other.bytes);
    }

    String text() {
      return new String(bytes, StandardCharsets.UTF_8);
    }
  }

  static boolean reviewed(String relative) {
    int slash = relative.indexOf('/');
    return slash < 0 || !RUNTIME_DATA.contains(relative.substring(0, slash));
  }

  /** The tree as it is on disk now, links recorded and never followed. */
  static ConfigSnapshot fromDisk(Path projectRoot) {
    Path kxm = projectRoot.resolve(".kxm");
    Map<String, Content> files = new TreeMap<>();
    if (!Files.isDirectory(kxm, LinkOption.NOFOLLOW_LINKS)) {
      return new ConfigSnapshot(files);
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
                    Files.readSymbolicLink(file).toString().getBytes(StandardCharsets.UTF_8), true)
                : new Content(Files.readAllBytes(file), false));
      } catch (IOException e) {
        throw unreadable(file, e);
      }
    }
    return new ConfigSnapshot(files);
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
