package io.kxm.runtime.config;

import io.kxm.core.error.KxmException;
import io.kxm.core.json.CanonicalJson;
import io.kxm.core.json.Json;
import io.kxm.runtime.api.Revisions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * Computes the revision hashes a run pins: hex SHA-256 over a canonical encoding of the files of
 * each part of {@code .kxm/}. The encoding lists files by their path relative to {@code .kxm/} with
 * {@code /} separators, sorted by UTF-8 bytes, each as a length-prefixed path followed by its
 * length-prefixed bytes, so the hash depends neither on the operating system nor on the order a
 * folder lists its entries, and any changed, added, removed or renamed file changes it. File bytes
 * are hashed as they are on disk: a line-ending change is a change. A symbolic link is encoded by
 * its target, never followed, since following it would hash something outside the reviewed tree.
 *
 * <p>Tool policy: the agent schema has no tool-related field today, so there is nothing in the
 * reviewed tree that grants tools. The tool-policy revision therefore hashes the {@code tools} and
 * {@code allowedTools} fields of agent files when any file has them (a tree the schema will reject,
 * or a later schema), and is otherwise the hash of a fixed "no tool policy" marker. An agent file
 * that does not parse is hashed whole into it, so an unreadable change still moves the revision
 * instead of hiding.
 */
public final class RevisionHasher {
  private static final List<String> BUNDLE =
      List.of("project.yaml", "agents", "models", "workflows", "gates.yaml");
  private static final List<String> MEMORY = List.of("memory", "skills");
  private static final List<String> EXECUTOR_POLICY = List.of("routes.yaml", "roles");
  private static final List<String> TOOL_FIELDS = List.of("tools", "allowedTools");
  static final String NO_TOOL_POLICY = "kxm.tool-policy.none";

  private RevisionHasher() {}

  /**
   * Hashes {@code projectRoot/.kxm} as it is on disk now; a missing part hashes as empty.
   *
   * @throws KxmException {@code config_unreadable} when a covered file cannot be read
   */
  public static Revisions current(Path projectRoot) {
    return of(ConfigTree.fromDisk(projectRoot));
  }

  /** Hashes a tree read from disk or from a commit; a missing part hashes as empty. */
  public static Revisions of(ConfigTree tree) {
    return new Revisions(
        hash("bundle", files(tree, BUNDLE)),
        hash("memory", files(tree, MEMORY)),
        hash("executor-policy", files(tree, EXECUTOR_POLICY)),
        toolPolicy(tree));
  }

  /**
   * The paths under {@code .kxm/} whose change would move the bundle, executor-policy or
   * tool-policy revision: everything but memory, which may move under a run (DispatchMemory).
   */
  public static boolean pinsInstructions(String relative) {
    return covered(relative, BUNDLE) || covered(relative, EXECUTOR_POLICY);
  }

  /** Whether a path under {@code .kxm/} is memory or a skill, which DispatchMemory checks. */
  public static boolean isMemory(String relative) {
    return covered(relative, MEMORY);
  }

  private static String hash(String part, Map<String, byte[]> files) {
    CanonicalDigest digest = new CanonicalDigest("kxm.revision.v1/" + part);
    files.forEach(digest::entry);
    return digest.hex();
  }

  private static String toolPolicy(ConfigTree tree) {
    Map<String, byte[]> agents = files(tree, List.of("agents"));
    Map<String, byte[]> fields = new TreeMap<>(CanonicalDigest.BYTE_ORDER);
    agents.forEach((name, bytes) -> {
      if (!name.endsWith(".yaml") && !name.endsWith(".yml")) {
        return;
      }
      try {
        JsonNode root = RestrictedYaml.parse(new String(bytes, StandardCharsets.UTF_8)).root();
        for (String field : TOOL_FIELDS) {
          if (root.has(field)) {
            // Jackson's own UTF-8 writer, as revisions have always been hashed: it differs from
            // CanonicalJson.bytes only on unpaired surrogates, which it escapes.
            fields.put(name + "#" + field, Json.writeBytes(CanonicalJson.sorted(root.get(field))));
          }
        }
      } catch (RestrictedYaml.Refused e) {
        fields.put(name + "#unparsed", bytes);
      }
    });
    if (fields.isEmpty()) {
      return hash("tool-policy", Map.of(NO_TOOL_POLICY, new byte[0]));
    }
    return hash("tool-policy", fields);
  }

  /** Every file of the named files and folders (recursively), keyed by path under .kxm/. */
  static Map<String, byte[]> files(ConfigTree tree, List<String> names) {
    Map<String, byte[]> files = new TreeMap<>(CanonicalDigest.BYTE_ORDER);
    tree.files()
        .forEach((relative, content) -> {
          if (covered(relative, names)) {
            // a link is hashed by its target text, as it was always hashed on disk
            files.put(
                relative,
                content.link()
                    ? ("symlink:" + content.text()).getBytes(StandardCharsets.UTF_8)
                    : content.bytes());
          }
        });
    return files;
  }

  private static boolean covered(String relative, List<String> names) {
    return names.stream().anyMatch(n -> relative.equals(n) || relative.startsWith(n + "/"));
  }
}
