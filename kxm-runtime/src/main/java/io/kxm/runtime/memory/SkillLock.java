package io.kxm.runtime.memory;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.paths.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code .kxm/skills/promoted.json}: the skills promoted for agents, each with the SHA-256 of the
 * file as it was reviewed. It is committed and reviewed like every {@code .kxm/} file, so promoting
 * a skill is itself a change someone approves, and a later edit of the skill no longer matches.
 *
 * <pre>{@code {"version": 1, "skills": {"release": {"file": "release.md", "sha256": "…"}}}}</pre>
 */
public final class SkillLock {
  /** Where the lock lives, relative to the project root. */
  public static final String PATH = ".kxm/skills/promoted.json";

  private static final int MAX_BYTES = 256 * 1024;
  private static final Pattern FILE = Pattern.compile("[^/\\\\]{1,200}\\.md");
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  /** One promoted skill as recorded: its file name inside {@code .kxm/skills/} and hash. */
  public record Entry(String file, String sha256) {}

  private SkillLock() {}

  /**
   * The promoted skills by name, sorted; empty when there is no lock file.
   *
   * @throws KxmException {@code memory_invalid} when the lock is not what {@link #write} writes
   */
  public static Map<String, Entry> read(Path projectRoot) {
    Path file = projectRoot.resolve(PATH);
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return Map.of();
    }
    JsonNode root;
    try {
      if (Files.isSymbolicLink(file) || Files.size(file) > MAX_BYTES) {
        throw invalid("must be a regular file of at most " + MAX_BYTES + " bytes");
      }
      root = Json.read(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException | JacksonException e) {
      throw invalid("is not readable JSON; restore it from Git or promote the skills again");
    }
    if (!root.isObject() || root.path("version").asInt(0) != 1 || !root.path("skills").isObject()) {
      throw invalid("needs {\"version\": 1, \"skills\": {…}}");
    }
    Map<String, Entry> entries = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = root.get("skills").properties().iterator();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> skill = it.next();
      String skillFile = skill.getValue().path("file").asString("");
      String sha256 = skill.getValue().path("sha256").asString("");
      if (!FrontMatter.NAME.matcher(skill.getKey()).matches()
          || !FILE.matcher(skillFile).matches()
          || !SHA256.matcher(sha256).matches()) {
        throw invalid("skill '" + skill.getKey() + "' needs a name, a file *.md and a sha256");
      }
      entries.put(skill.getKey(), new Entry(skillFile, sha256));
    }
    return entries;
  }

  /** Writes the lock with its entries sorted by name, replacing the file in one rename. */
  public static void write(Path projectRoot, Map<String, Entry> entries) {
    ObjectNode skills = Json.object();
    new TreeMap<>(entries)
        .forEach((name, entry) ->
            skills.set(
                name, Json.object().put("file", entry.file()).put("sha256", entry.sha256())));
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("version", 1);
    body.put("skills", skills);
    Path file = projectRoot.resolve(PATH);
    try {
      Files.createDirectories(file.getParent());
      AtomicFiles.replace(
          file,
          (Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(body) + "\n")
              .getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.MEMORY_INVALID, "cannot write " + PATH + ": " + e.getMessage());
    }
  }

  private static KxmException invalid(String why) {
    return FrontMatter.invalid(PATH, why);
  }
}
