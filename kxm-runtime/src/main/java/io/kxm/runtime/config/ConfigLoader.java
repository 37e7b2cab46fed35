package io.kxm.runtime.config;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * Checks a project's {@code .kxm/} tree: every file is parsed as restricted YAML and checked
 * against its schema, then the files that passed are checked against each other. Every problem of
 * every file is reported at once, so one review round fixes them all. A file or folder the product
 * does not read is an error too: a misspelt {@code workflowz/} would otherwise pass review and
 * silently do nothing.
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
  // folders of one kind of file each, in the order the rules between files expect them
  private static final Map<String, ConfigKind> FOLDERS =
      orderedMap(
          "agents", ConfigKind.AGENT,
          "models", ConfigKind.MODEL,
          "workflows", ConfigKind.WORKFLOW,
          "roles", ConfigKind.ROLE);
  // read by their own readers (memory and skills, the hub's webhook definitions), never by this
  // loader; config.yaml above is checked here and read by the agent CLI's own reader
  private static final Set<String> OTHER_FOLDERS = Set.of("memory", "skills", "webhooks");
  private static final Set<String> OTHER_FILES = Set.of(".gitignore");
  private static final String LEGACY_FOLDER = "config";

  private ConfigLoader() {}

  /** Checks {@code projectRoot/.kxm} on disk; a missing {@code project.yaml} is itself an error. */
  public static ConfigReport check(Path projectRoot) {
    return check(ConfigTree.fromDisk(projectRoot));
  }

  /** Checks a tree read from disk or from a commit. */
  public static ConfigReport check(ConfigTree tree) {
    return checkAndKeep(tree).report();
  }

  /** The report together with the files that passed their schema, for the typed bundle. */
  record Checked(ConfigReport report, List<ConfigFile> files) {
    Checked {
      files = List.copyOf(files);
    }
  }

  static Checked checkAndKeep(ConfigTree tree) {
    List<ConfigError> errors = new ArrayList<>();
    List<ConfigFile> loaded = new ArrayList<>();
    if (tree.linked()) {
      errors.add(
          new ConfigError(
              KXM,
              0,
              "$",
              "no-symlink",
              ".kxm must be a folder, not a link: what Git shows would not be what runs"));
      return new Checked(new ConfigReport(0, errors), loaded);
    }
    Map<String, ConfigTree.Content> files = new TreeMap<>(tree.files());
    ConfigTree.Content project = files.get("project.yaml");
    if (project != null) {
      read(ConfigKind.PROJECT, "project.yaml", project, loaded, errors);
    } else {
      errors.add(
          new ConfigError(
              KXM + "/project.yaml", 0, "$", "required-file", "project.yaml is missing"));
    }
    SINGLE_FILES.forEach((name, kind) -> {
      if (files.containsKey(name)) {
        read(kind, name, files.get(name), loaded, errors);
      }
    });
    FOLDERS.forEach((folder, kind) ->
        files.forEach((relative, content) -> {
          if (relative.startsWith(folder + "/")
              && isYaml(relative.substring(folder.length() + 1))) {
            read(kind, relative, content, loaded, errors);
          }
        }));
    unread(files, errors);
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

  /** Reports every entry no reader takes: each unknown file, and each unknown folder once. */
  private static void unread(Map<String, ConfigTree.Content> files, List<ConfigError> errors) {
    Set<String> unknownFolders = new TreeSet<>();
    for (String relative : files.keySet()) {
      int slash = relative.indexOf('/');
      String top = slash < 0 ? relative : relative.substring(0, slash);
      String rest = slash < 0 ? "" : relative.substring(slash + 1);
      if (slash < 0) {
        if (!relative.equals("project.yaml")
            && !SINGLE_FILES.containsKey(relative)
            && !OTHER_FILES.contains(relative)) {
          errors.add(unknown(relative, "is not a file KXM reads"));
        }
      } else if (FOLDERS.containsKey(top)) {
        if (!isYaml(rest)) {
          errors.add(unknown(relative, "is not read: " + top + "/ holds only *.yaml files"));
        }
      } else if (top.equals(LEGACY_FOLDER)) {
        if (rest.endsWith(".json")) {
          errors.add(
              new ConfigError(
                  KXM + "/" + relative,
                  0,
                  "$",
                  ConfigReport.LEGACY_RULE,
                  "legacy JSON configuration is not read; move its settings to the YAML files"
                      + " under .kxm/ and delete it"));
        } else {
          errors.add(unknown(relative, "is not read: config/ is the retired JSON configuration"));
        }
      } else if (!OTHER_FOLDERS.contains(top)) {
        unknownFolders.add(top);
      }
    }
    for (String folder : unknownFolders) {
      errors.add(unknown(folder + "/", "is not a folder KXM reads"));
    }
  }

  private static ConfigError unknown(String relative, String why) {
    return new ConfigError(
        KXM + "/" + relative,
        0,
        "$",
        "unknown-entry",
        why
            + "; KXM reads project.yaml, gates.yaml, routes.yaml, prices.yaml, config.yaml, agents/, models/,"
            + " workflows/, roles/, memory/, skills/ and webhooks/ (a misspelt name would be"
            + " ignored)");
  }

  private static boolean isYaml(String name) {
    return !name.contains("/") && (name.endsWith(".yaml") || name.endsWith(".yml"));
  }

  /** Reads one file on disk, for readers of a single file (routes, prices) outside a tree. */
  static void read(
      ConfigKind kind, Path kxm, Path path, List<ConfigFile> loaded, List<ConfigError> errors) {
    String relative = kxm.relativize(path).toString().replace('\\', '/');
    ConfigTree.Content content;
    try {
      content =
          Files.isSymbolicLink(path)
              ? new ConfigTree.Content(
                  Files.readSymbolicLink(path).toString().getBytes(StandardCharsets.UTF_8), true)
              : new ConfigTree.Content(Files.readAllBytes(path), false);
    } catch (IOException e) {
      errors.add(
          new ConfigError(
              KXM + "/" + relative, 0, "$", "readable", "cannot read: " + e.getMessage()));
      return;
    }
    read(kind, relative, content, loaded, errors);
  }

  private static void read(
      ConfigKind kind,
      String relative,
      ConfigTree.Content content,
      List<ConfigFile> loaded,
      List<ConfigError> errors) {
    String file = KXM + "/" + relative;
    if (content.link()) {
      // a link can point outside the reviewed tree, so what Git shows would not be what runs
      errors.add(
          new ConfigError(
              file, 0, "$", "no-symlink", "configuration files must be regular files, not links"));
      return;
    }
    YamlDocument document;
    try {
      if (content.bytes().length > RestrictedYaml.MAX_BYTES) {
        throw new RestrictedYaml.Refused(
            0, "$", "max-size", "file is larger than " + RestrictedYaml.MAX_BYTES + " bytes");
      }
      document = RestrictedYaml.parse(utf8(content.bytes()));
    } catch (CharacterCodingException e) {
      errors.add(new ConfigError(file, 0, "$", "utf-8", "file is not UTF-8 text"));
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

  static String utf8(byte[] bytes) throws CharacterCodingException {
    return StandardCharsets.UTF_8
        .newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(ByteBuffer.wrap(bytes))
        .toString();
  }

  private static Map<String, ConfigKind> orderedMap(Object... pairs) {
    Map<String, ConfigKind> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], (ConfigKind) pairs[i + 1]);
    }
    return map;
  }
}
