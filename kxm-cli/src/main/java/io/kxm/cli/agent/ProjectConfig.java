package io.kxm.cli.agent;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.auth.ProjectNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads the project name from {@code .kxm/config.yaml}: {@code project: web}, or {@code project:
 * {name: web}}. Only that key is read here; a file that is not YAML, or names no valid project, is
 * refused with {@code config_invalid} naming the file and line rather than silently ignored.
 */
public final class ProjectConfig {
  private static final YAMLMapper YAML = YAMLMapper.builder().build();
  private static final long MAX_BYTES = 1024 * 1024;

  private ProjectConfig() {}

  public static Path file(Path folder) {
    return folder.resolve(".kxm").resolve("config.yaml");
  }

  /** The project the file names; empty when there is no file or no {@code project} key. */
  public static Optional<String> project(Path folder) {
    Path file = file(folder);
    String text;
    try {
      if (Files.size(file) > MAX_BYTES) {
        throw invalid(file, "it is larger than 1 MiB");
      }
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw invalid(file, "it cannot be read: " + e.getMessage());
    }
    JsonNode root;
    try {
      root = YAML.readTree(text);
    } catch (JacksonException e) {
      throw invalid(
          file, "it is not valid YAML" + line(e.getLocation()) + ": " + e.getOriginalMessage());
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      return Optional.empty();
    }
    if (!root.isObject()) {
      throw invalid(file, "its top level must be a mapping of keys, like 'project: web'");
    }
    JsonNode project = root.path("project");
    if (project.isMissingNode() || project.isNull()) {
      return Optional.empty();
    }
    JsonNode name = project.isObject() ? project.path("name") : project;
    if (!name.isString() || name.asString().isBlank()) {
      throw invalid(file, "'project' must be a name, like 'project: web'");
    }
    String value = name.asString().strip();
    if (!ProjectNames.isValid(value)) {
      throw invalid(file, "'project: " + value + "' is not a project name; " + ProjectNames.RULE);
    }
    return Optional.of(value);
  }

  private static String line(TokenStreamLocation location) {
    return location == null || location.getLineNr() < 1
        ? ""
        : " (line " + location.getLineNr() + ")";
  }

  private static KxmException invalid(Path file, String why) {
    return new KxmException(
        ErrorCode.CONFIG_INVALID,
        file + " is unusable: " + why,
        "Fix " + file + ", or set KXM_PROJECT to override it.");
  }
}
