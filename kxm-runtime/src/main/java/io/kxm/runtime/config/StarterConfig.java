package io.kxm.runtime.config;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The commented starter {@code .kxm/} that {@code kxm init} writes, valid as written. */
public final class StarterConfig {
  // starter resource -> where it goes under .kxm/
  private static final Map<String, String> FILES = new LinkedHashMap<>();

  static {
    FILES.put("project.yaml", "project.yaml");
    FILES.put("agent-coder.yaml", "agents/coder.yaml");
    FILES.put("routes.yaml", "routes.yaml");
    FILES.put("prices.yaml", "prices.yaml");
    FILES.put("gates.yaml", "gates.yaml");
    FILES.put("workflow-example.yaml", "workflows/example.yaml");
  }

  private StarterConfig() {}

  /**
   * Writes the starter files under {@code projectRoot/.kxm}; other files there (hub state, logs)
   * are left alone.
   *
   * @param force replace an existing configuration instead of refusing
   * @return the files written, relative to the project root
   * @throws KxmException {@code config_already_exists} when a configuration is there and not forced
   */
  public static List<String> write(Path projectRoot, boolean force) {
    Path kxm = projectRoot.resolve(ConfigLoader.KXM);
    if (!force) {
      for (String existing :
          List.of(
              "project.yaml", "agents", "workflows", "gates.yaml", "routes.yaml", "prices.yaml")) {
        if (Files.exists(kxm.resolve(existing))) {
          throw new KxmException(
              ErrorCode.CONFIG_ALREADY_EXISTS,
              "refusing to overwrite "
                  + kxm.resolve(existing)
                  + ": .kxm/ already holds a"
                  + " configuration");
        }
      }
    }
    List<String> written = new ArrayList<>();
    FILES.forEach((resource, target) -> {
      Path file = kxm.resolve(target);
      try (InputStream in =
          StarterConfig.class.getResourceAsStream("/io/kxm/runtime/starter/" + resource)) {
        if (in == null) {
          throw new IllegalStateException("the starter file " + resource + " is not packaged");
        }
        Files.createDirectories(file.getParent());
        Files.write(file, in.readAllBytes());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write " + file, e);
      }
      written.add(ConfigLoader.KXM + "/" + target);
    });
    return written;
  }
}
