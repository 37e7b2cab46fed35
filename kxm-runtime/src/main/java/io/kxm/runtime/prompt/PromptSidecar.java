package io.kxm.runtime.prompt;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.SecureFiles;
import io.kxm.core.secret.Tokens;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one place a run's full prompt is kept: {@code run-events.db.run-prompts.json} beside the
 * project's event store, a JSON object from run ID to prompt text. The event store keeps only the
 * prompt's SHA-256, so its rows and everything synced from them never carry the text. The file is
 * owner-only and replaced whole through a temporary file and a rename, so a reader never sees half
 * of it; a file that is a symbolic link is refused, since writing through it could land the prompts
 * anywhere.
 *
 * <p>All sidecars for one file in this process share a lock, so concurrent {@link #put} calls never
 * lose each other's entries. A run's prompt is fixed once written.
 *
 * <p>A drive reads its run's prompt at every step, and the file holds every kept run's prompt, so
 * each sidecar keeps the file's last parse and parses again only when the file changed: a write
 * (ours or another process's) replaces it, which gives it a new identity, time or size.
 */
public final class PromptSidecar {
  public static final String FILE_NAME = "run-events.db.run-prompts.json";
  static final int MAX_RUN_ID_CHARS = 128;
  // room for a long prompt from kxm run --prompt-file (a 200 KB brief), the same as RunSlots
  static final int MAX_PROMPT_CHARS = 256 * 1024;
  private static final Map<Path, Object> LOCKS = new ConcurrentHashMap<>();

  private final Path file;
  private final Object lock;

  /** What {@link #cached} was parsed from; both guarded by {@link #lock}. */
  private FileVersion cachedVersion;

  private Map<String, String> cached = Map.of();

  private record FileVersion(Object key, FileTime modified, long size) {}

  /** The sidecar in {@code dir}, the folder of the project's event store. */
  public PromptSidecar(Path dir) {
    this.file = dir.toAbsolutePath().normalize().resolve(FILE_NAME);
    this.lock = LOCKS.computeIfAbsent(file, f -> new Object());
  }

  public Path file() {
    return file;
  }

  /**
   * Keeps {@code prompt} for {@code runId}; writing the same prompt again is a no-op.
   *
   * @return the lower-case hex SHA-256 of the prompt's UTF-8 bytes, what the event store keeps
   * @throws KxmException {@code invalid_request} for a bad run ID, {@code value_too_long} for an
   *     oversized prompt, {@code store_conflict} when the run already has another prompt
   */
  public String put(String runId, String prompt) {
    checkRunId(runId);
    if (prompt == null) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "run " + runId + " needs a prompt");
    }
    TextLength.check("prompt of run " + runId, prompt, MAX_PROMPT_CHARS);
    synchronized (lock) {
      Map<String, String> prompts = new TreeMap<>(read());
      String existing = prompts.get(runId);
      if (existing != null && !existing.equals(prompt)) {
        throw new KxmException(
            ErrorCode.STORE_CONFLICT,
            "run " + runId + " already has a different prompt in " + file,
            "A run's prompt is fixed once created; create a new run for another prompt.");
      }
      if (existing == null) {
        prompts.put(runId, prompt);
        ObjectNode body = Json.object();
        prompts.forEach(body::put);
        SecureFiles.writeOwnerOnly(file, Json.writeBytes(body));
      }
    }
    return Tokens.sha256Hex(prompt);
  }

  /** The prompt of {@code runId}, empty when the sidecar has none for it. */
  public Optional<String> get(String runId) {
    checkRunId(runId);
    synchronized (lock) {
      return Optional.ofNullable(read().get(runId));
    }
  }

  /**
   * Drops the prompts of runs the retention purge deleted; returns how many it held. The file is
   * rewritten once, whatever the number.
   */
  public int forget(Collection<String> runIds) {
    synchronized (lock) {
      Map<String, String> prompts = new TreeMap<>(read());
      int before = prompts.size();
      prompts.keySet().removeAll(Set.copyOf(runIds));
      int dropped = before - prompts.size();
      if (dropped > 0) {
        ObjectNode body = Json.object();
        prompts.forEach(body::put);
        SecureFiles.writeOwnerOnly(file, Json.writeBytes(body));
      }
      return dropped;
    }
  }

  /** The file's prompts, unmodifiable: the last parse while the file is unchanged. */
  private Map<String, String> read() {
    refuseLink();
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      cachedVersion = null;
      cached = Map.of();
      return cached;
    } catch (IOException e) {
      throw corrupt("cannot read " + file + ": " + e.getMessage());
    }
    FileVersion version =
        new FileVersion(attributes.fileKey(), attributes.lastModifiedTime(), attributes.size());
    if (version.equals(cachedVersion)) {
      return cached;
    }
    JsonNode root;
    try {
      root = Json.read(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException | JacksonException e) {
      throw corrupt("cannot read " + file + ": " + e.getMessage());
    }
    if (!root.isObject()) {
      throw corrupt(file + " does not hold a JSON object");
    }
    Map<String, String> prompts = new TreeMap<>();
    for (Map.Entry<String, JsonNode> e : root.properties()) {
      if (!e.getValue().isString()) {
        throw corrupt(file + " holds a non-text prompt for run " + e.getKey());
      }
      prompts.put(e.getKey(), e.getValue().asString());
    }
    cached = Collections.unmodifiableMap(prompts);
    cachedVersion = version;
    return cached;
  }

  private void refuseLink() {
    if (Files.isSymbolicLink(file)) {
      throw new KxmException(
          ErrorCode.STORE_SYMLINK_REFUSED,
          "the prompt sidecar " + file + " is a symbolic link",
          "Replace the link with the regular file it points to, or remove it.");
    }
  }

  private static KxmException corrupt(String message) {
    return new KxmException(ErrorCode.STORE_CORRUPT, message);
  }

  private static void checkRunId(String runId) {
    if (runId == null || runId.isBlank() || runId.length() > MAX_RUN_ID_CHARS) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "a run ID needs 1 to " + MAX_RUN_ID_CHARS + " characters, got " + describe(runId));
    }
    for (int i = 0; i < runId.length(); i++) {
      char c = runId.charAt(i);
      if (c <= ' ' || c == 0x7f) {
        throw new KxmException(
            ErrorCode.INVALID_REQUEST, "a run ID has no spaces or control characters");
      }
    }
  }

  private static String describe(String runId) {
    return runId == null ? "none" : runId.length() + " characters";
  }
}
