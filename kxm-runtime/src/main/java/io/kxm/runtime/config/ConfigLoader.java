package io.kxm.runtime.config;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * Checks a project's {@code .kxm/} tree: every file is parsed as restricted YAML and checked
 * against its schema, then the files that passed are checked against each other. Every problem of
 * every file is reported at once, so one review round fixes them all.
 */
public final class ConfigLoader {
  static final String KXM = ".kxm";
  // the files that are alone of their kind, each optional
  private static final Map<String, ConfigKind> SINGLE_FILES =
      orderedMap(
          "gates.yaml", ConfigKind.GATES,
          "routes.yaml", ConfigKind.ROUTES,
          "prices.yaml", ConfigKind.PRICES,
          "config.yaml", ConfigKind.CONFIG);

  private ConfigLoader() {}

  /** Checks {@code projectRoot/.kxm}; a missing {@code project.yaml} is itself an error. */
  public static ConfigReport check(Path projectRoot) {
    return checkAndKeep(projectRoot).report();
  }

  /** The report together with the files that passed their schema, for the typed bundle. */
  record Checked(ConfigReport report, List<ConfigFile> files) {
    Checked {
      files = List.copyOf(files);
    }
  }

  static Checked checkAndKeep(Path projectRoot) {
    Path kxm = projectRoot.resolve(KXM);
    List<ConfigError> errors = new ArrayList<>();
    List<ConfigFile> loaded = new ArrayList<>();
    legacy(kxm, errors);
    Path project = kxm.resolve("project.yaml");
    if (Files.isRegularFile(project)) {
      read(ConfigKind.PROJECT, kxm, project, loaded, errors);
    } else {
      errors.add(
          new ConfigError(
              KXM + "/project.yaml", 0, "$", "required-file", "project.yaml is missing"));
    }
    for (Map.Entry<String, ConfigKind> single : SINGLE_FILES.entrySet()) {
      Path file = kxm.resolve(single.getKey());
      if (Files.isRegularFile(file)) {
        read(single.getValue(), kxm, file, loaded, errors);
      }
    }
    folder(ConfigKind.AGENT, kxm, "agents", loaded, errors);
    folder(ConfigKind.MODEL, kxm, "models", loaded, errors);
    folder(ConfigKind.WORKFLOW, kxm, "workflows", loaded, errors);
    folder(ConfigKind.ROLE, kxm, "roles", loaded, errors);
    errors.addAll(CrossFileRules.check(loaded));
    return new Checked(new ConfigReport(loaded.size(), errors), loaded);
  }

  /**
   * Checks one optional file of {@code projectRoot/.kxm} on its own, as {@link #check} checks it
   * within the tree, for code that needs that file without the whole tree; {@code rules} run once
   * it passes its schema.
   *
   * @return the file's parsed root, or null when there is no such file
   * @throws KxmException {@code config_tree_invalid} listing each error when the file is refused
   */
  static JsonNode checkAlone(
      Path projectRoot,
      String fileName,
      ConfigKind kind,
      BiConsumer<ConfigFile, List<ConfigError>> rules) {
    Path kxm = projectRoot.resolve(KXM);
    Path file = kxm.resolve(fileName);
    if (!Files.exists(file) && !Files.isSymbolicLink(file)) {
      return null;
    }
    List<ConfigFile> loaded = new ArrayList<>();
    List<ConfigError> errors = new ArrayList<>();
    read(kind, kxm, file, loaded, errors);
    if (errors.isEmpty()) {
      rules.accept(loaded.getFirst(), errors);
    }
    if (!errors.isEmpty()) {
      throw new KxmException(
          ErrorCode.CONFIG_TREE_INVALID,
          errors.size()
              + " error(s) in "
              + file
              + ":"
              + errors.stream()
                  .map(ConfigError::toString)
                  .collect(Collectors.joining("\n  ", "\n  ", "")));
    }
    return loaded.getFirst().document().root();
  }

  private static void legacy(Path kxm, List<ConfigError> errors) {
    for (Path file : list(kxm.resolve("config"), ".json", errors)) {
      errors.add(
          new ConfigError(
              name(kxm, file),
              0,
              "$",
              ConfigReport.LEGACY_RULE,
              "legacy JSON configuration is not read; move its settings to the YAML files"
                  + " under .kxm/ and delete it"));
    }
  }

  private static void folder(
      ConfigKind kind, Path kxm, String folder, List<ConfigFile> loaded, List<ConfigError> errors) {
    List<Path> files = new ArrayList<>(list(kxm.resolve(folder), ".yaml", errors));
    files.addAll(list(kxm.resolve(folder), ".yml", errors));
    files.stream().sorted().forEach(file -> read(kind, kxm, file, loaded, errors));
  }

  static void read(
      ConfigKind kind, Path kxm, Path path, List<ConfigFile> loaded, List<ConfigError> errors) {
    String file = name(kxm, path);
    YamlDocument document;
    if (Files.isSymbolicLink(path)) {
      // a link can point outside the reviewed tree, so what Git shows would not be what runs
      errors.add(
          new ConfigError(
              file, 0, "$", "no-symlink", "configuration files must be regular files, not links"));
      return;
    }
    try {
      if (Files.size(path) > RestrictedYaml.MAX_BYTES) {
        throw new RestrictedYaml.Refused(
            0, "$", "max-size", "file is larger than " + RestrictedYaml.MAX_BYTES + " bytes");
      }
      document = RestrictedYaml.parse(Files.readString(path, StandardCharsets.UTF_8));
    } catch (CharacterCodingException e) {
      errors.add(new ConfigError(file, 0, "$", "utf-8", "file is not UTF-8 text"));
      return;
    } catch (IOException e) {
      errors.add(new ConfigError(file, 0, "$", "readable", "cannot read: " + e.getMessage()));
      return;
    } catch (RestrictedYaml.Refused e) {
      errors.add(e.toError(file));
      return;
    }
    List<ConfigError> found = ConfigSchemas.check(kind, file, document);
    if (found.isEmpty()) {
      loaded.add(new ConfigFile(kind, file, document));
    } else {
      errors.addAll(found);
    }
  }

  private static List<Path> list(Path folder, String suffix, List<ConfigError> errors) {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> listing = Files.list(folder)) {
      return listing
          .filter(p -> p.getFileName().toString().endsWith(suffix))
          .filter(Files::isRegularFile)
          .sorted()
          .toList();
    } catch (IOException e) {
      errors.add(
          new ConfigError(folder.toString(), 0, "$", "readable", "cannot list: " + e.getMessage()));
      return List.of();
    }
  }

  private static Map<String, ConfigKind> orderedMap(Object... pairs) {
    Map<String, ConfigKind> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], (ConfigKind) pairs[i + 1]);
    }
    return map;
  }

  static String name(Path kxm, Path file) {
    return KXM + "/" + kxm.relativize(file).toString().replace('\\', '/');
  }
}
