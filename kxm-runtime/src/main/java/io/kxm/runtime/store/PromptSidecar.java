package io.kxm.runtime.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The full prompt of every run, beside the event store in a 0600 file; the store keeps only each
 * prompt's hash, so this is the one place the text lives.
 */
public final class PromptSidecar {
  private final Path file;

  public PromptSidecar(Path eventStore) {
    this.file = eventStore.resolveSibling(eventStore.getFileName() + ".run-prompts.json");
  }

  public synchronized void put(String runId, String prompt) {
    ObjectNode all = readAll();
    all.put(runId, prompt);
    SecureFiles.writeOwnerOnly(file, Json.writeBytes(all));
  }

  public synchronized Optional<String> get(String runId) {
    JsonNode value = readAll().get(runId);
    return value == null ? Optional.empty() : Optional.of(value.asString());
  }

  public Path file() {
    return file;
  }

  private ObjectNode readAll() {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return Json.object();
    }
    try {
      JsonNode node = Json.read(Files.readString(file));
      if (node instanceof ObjectNode object) {
        return object;
      }
    } catch (IOException | RuntimeException e) {
      throw new KxmException(
          ErrorCode.STORE_CORRUPT, "the prompt sidecar " + file + " cannot be read", e);
    }
    throw new KxmException(
        ErrorCode.STORE_CORRUPT, "the prompt sidecar " + file + " is not a JSON object");
  }
}
