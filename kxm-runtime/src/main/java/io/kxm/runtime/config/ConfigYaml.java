package io.kxm.runtime.config;

import io.kxm.core.error.KxmException;
import java.nio.file.Path;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code .kxm/config.yaml}, the settings of agent commands ({@code kxm mcp}, {@code kxm
 * peer}, {@code kxm agent worker}) run in a folder: today only the hub project they register in, as
 * {@code project: web} or {@code project: {name: web}}. The file goes through the same restricted
 * YAML and closed schema as the rest of {@code .kxm/}, so a duplicate key, an alias or a misspelt
 * key is refused here exactly as {@code kxm config validate} refuses it.
 */
public final class ConfigYaml {
  static final String FILE = "config.yaml";

  private ConfigYaml() {}

  public static Path file(Path folder) {
    return folder.resolve(ConfigLoader.KXM).resolve(FILE);
  }

  /**
   * The project the file names; empty when there is no file or it names none.
   *
   * @throws KxmException {@code config_tree_invalid} listing each error when the file is refused
   */
  public static Optional<String> project(Path folder) {
    JsonNode root = ConfigLoader.checkAlone(folder, FILE, ConfigKind.CONFIG, (f, e) -> {});
    if (root == null || !root.has("project")) {
      return Optional.empty();
    }
    // the schema admits a name or an object holding one
    JsonNode project = root.get("project");
    return Optional.of((project.isObject() ? project.get("name") : project).asString());
  }
}
