package io.kxm.cli.setup;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.SearchPath;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where this kxm lives, for the configuration files that start it again: the launcher's absolute
 * path and the integrations folder it ships.
 *
 * <p>The launcher is {@code KXM_BIN} when set; else the {@code bin/kxm} of the installed
 * distribution, or the {@code kxm} script of the checkout, that holds the running jar; else {@code
 * kxm} found on {@code PATH}.
 */
final class KxmLauncher {
  static final String BIN = "KXM_BIN";
  private static final int ANCESTORS = 6;

  private KxmLauncher() {}

  /**
   * @throws KxmException {@code config_invalid} for a relative {@code KXM_BIN}, {@code
   *     setup_launcher_not_found} when there is none
   */
  static Path find(Map<String, String> env) {
    String bin = env.get(BIN);
    if (bin != null && !bin.isBlank()) {
      Path path = path(bin.strip());
      if (path == null || !path.isAbsolute()) {
        throw new KxmException(
            ErrorCode.CONFIG_INVALID,
            BIN + " '" + bin + "' is not an absolute path",
            "Set " + BIN + " to the absolute path of the kxm launcher, or unset it.");
      }
      return path.normalize();
    }
    for (Path folder : ancestors()) {
      Path installed = folder.resolve("bin").resolve("kxm");
      if (Files.isRegularFile(installed) && Files.isExecutable(installed)) {
        return installed;
      }
      Path checkout = folder.resolve("kxm");
      if (Files.isRegularFile(checkout) && Files.isDirectory(folder.resolve("kxm-cli"))) {
        return checkout;
      }
    }
    return onPath(env.getOrDefault("PATH", ""))
        .orElseThrow(() ->
            new KxmException(
                ErrorCode.SETUP_LAUNCHER_NOT_FOUND,
                "found no kxm launcher: "
                    + BIN
                    + " is unset, the running jar sits in no distribution or checkout, and"
                    + " PATH holds no kxm"));
  }

  /**
   * A file of the integrations this kxm ships, such as {@code pi/index.ts}: under {@code
   * share/kxm/integrations} of the distribution or {@code integrations} of the checkout, looked for
   * beside the launcher first (the kxm the configuration starts), then above the running jar.
   */
  static Optional<Path> integration(Path launcher, String relative) {
    List<Path> folders = new ArrayList<>();
    Path real = launcher;
    try {
      real = launcher.toRealPath();
    } catch (java.io.IOException | SecurityException e) {
      // a launcher that does not resolve is looked at as it is written
    }
    for (Path from : List.of(launcher, real)) {
      Path parent = from.toAbsolutePath().getParent();
      if (parent != null) {
        // <install>/bin/kxm, or <checkout>/kxm
        if (parent.getParent() != null) {
          folders.add(parent.getParent());
        }
        folders.add(parent);
      }
    }
    folders.addAll(ancestors());
    for (Path folder : folders) {
      for (Path candidate :
          List.of(
              folder.resolve("share").resolve("kxm").resolve("integrations").resolve(relative),
              folder.resolve("integrations").resolve(relative))) {
        if (Files.isRegularFile(candidate)) {
          return Optional.of(candidate.toAbsolutePath().normalize());
        }
      }
    }
    return Optional.empty();
  }

  /** The folders above the running jar (or classes folder), nearest first. */
  private static List<Path> ancestors() {
    List<Path> out = new ArrayList<>();
    CodeSource source = KxmLauncher.class.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      return out;
    }
    Path at;
    try {
      at = Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
    } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
      return out;
    }
    Path folder = at.getParent();
    for (int i = 0; i < ANCESTORS && folder != null; i++) {
      out.add(folder);
      folder = folder.getParent();
    }
    return out;
  }

  /** The {@code kxm} on {@code searchPath}, as an absolute path. */
  static Optional<Path> onPath(String searchPath) {
    return SearchPath.find(searchPath, "kxm").map(kxm -> kxm.toAbsolutePath().normalize());
  }

  private static Path path(String text) {
    try {
      return Path.of(text);
    } catch (InvalidPathException e) {
      return null;
    }
  }
}
