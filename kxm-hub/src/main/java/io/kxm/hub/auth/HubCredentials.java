package io.kxm.hub.auth;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.Tokens;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The hub's tokens: the admin token and one token per project, from {@code hub-env.json} in the
 * user state root, overridden by {@code KXM_AUTH_TOKEN} and {@code KXM_PROJECT_TOKENS}. The file is
 * written owner-only through a temporary file and a rename.
 *
 * <p>The CLI uses the same class to mint project tokens while a hub runs; the hub notices the
 * rewritten file the next time a token it does not know is presented.
 */
public final class HubCredentials {
  private static final Logger LOG = LoggerFactory.getLogger(HubCredentials.class);

  private final Path file;
  private final String envAdminToken;
  private final Map<String, String> envProjectTokens;
  private volatile TokenTable table;

  private HubCredentials(Path file, String envAdminToken, Map<String, String> envProjectTokens) {
    this.file = file;
    this.envAdminToken = envAdminToken;
    this.envProjectTokens = Map.copyOf(envProjectTokens);
    this.table = TokenTable.of(CredentialsFile.read(file), envAdminToken, this.envProjectTokens);
  }

  /**
   * Reads {@code file} if it exists; creates nothing. Environment values (null or empty when unset)
   * win over the file.
   */
  public static HubCredentials load(
      Path file, String envAdminToken, Map<String, String> envProjectTokens) {
    return new HubCredentials(file, envAdminToken, envProjectTokens);
  }

  /** Reads the file alone, as the CLI does to mint tokens. */
  public static HubCredentials load(Path file) {
    return load(file, null, Map.of());
  }

  public Path file() {
    return file;
  }

  public AdminTokenSource adminTokenSource() {
    return table.adminSource();
  }

  /**
   * Makes sure an admin token exists, generating and saving one when neither the environment nor
   * the file has it.
   *
   * @return the source of the admin token now in force
   */
  public synchronized AdminTokenSource ensureAdminToken() {
    if (table.adminSource() != AdminTokenSource.NONE) {
      return table.adminSource();
    }
    boolean[] generated = {false};
    update(root -> {
      // Another KXM process may have written one since we read the file: keep theirs.
      if (!root.hasNonNull("adminToken")) {
        root.put("adminToken", Tokens.generate("kxm_admin_"));
        generated[0] = true;
      }
    });
    if (generated[0]) {
      table = table.withAdminSource(AdminTokenSource.GENERATED);
    }
    return table.adminSource();
  }

  /**
   * Mints a token for {@code project}, saves it and returns it.
   *
   * @throws KxmException {@code invalid_request} for a bad name, {@code project_token_exists} when
   *     the project already has a token in the file or the environment, {@code project_name_taken}
   *     when a project spelled the same but for letter case has one
   */
  public synchronized String createProjectToken(String project) {
    ProjectNames.require(project);
    String token = Tokens.generate("kxm_project_");
    update(root -> {
      if (root.path("projectTokens").has(project) || envProjectTokens.containsKey(project)) {
        throw new KxmException(
            ErrorCode.PROJECT_TOKEN_EXISTS, "project '" + project + "' already has a token");
      }
      for (String existing : root.path("projectTokens").propertyNames()) {
        if (existing.equalsIgnoreCase(project)) {
          throw ProjectNames.taken(project, existing);
        }
      }
      for (String existing : envProjectTokens.keySet()) {
        if (existing.equalsIgnoreCase(project)) {
          throw ProjectNames.taken(project, existing);
        }
      }
      ObjectNode tokens =
          root.get("projectTokens") instanceof ObjectNode existing
              ? existing
              : root.putObject("projectTokens");
      tokens.put(project, token);
    });
    return token;
  }

  /** The projects that have a token of their own; names only, never tokens. */
  public java.util.Set<String> projects() {
    return java.util.Set.copyOf(table.projectTokens().keySet());
  }

  /**
   * The token of {@code project}, for an agent on this machine that registers with it ({@code kxm
   * mcp}, {@code kxm peer}). Only project tokens are ever handed out here, never the admin token.
   */
  public Optional<String> projectToken(String project) {
    return Optional.ofNullable(table.projectTokens().get(project));
  }

  /**
   * How a project with a token of its own spells {@code project}, when it differs only in letter
   * case; empty otherwise.
   */
  public Optional<String> projectSpelledOtherwise(String project) {
    return table.projectTokens().keySet().stream()
        .filter(existing -> !existing.equals(project) && existing.equalsIgnoreCase(project))
        .findFirst();
  }

  /** Whether {@code project} has a token of its own (then the admin token cannot act for it). */
  public boolean hasProjectToken(String project) {
    return table.projectTokens().containsKey(project);
  }

  /**
   * The principal a presented token proves, comparing in constant time. A miss re-reads the file
   * once if it changed, so tokens minted by the CLI work without a restart.
   */
  public Optional<Principal> authenticate(String token) {
    Optional<Principal> found = table.match(token);
    if (found.isPresent()) {
      return found;
    }
    return refreshIfChanged() ? table.match(token) : Optional.empty();
  }

  private synchronized boolean refreshIfChanged() {
    try {
      CredentialsFile.Stamp now = CredentialsFile.stamp(file);
      if (CredentialsFile.sameStamp(now, table.stamp())) {
        return false;
      }
      table = TokenTable.of(CredentialsFile.read(file), envAdminToken, envProjectTokens);
      return true;
    } catch (IOException | KxmException e) {
      // A half-edited or unreadable file must not lock everyone out: keep the tokens we have.
      LOG.warn("kept the previous credentials: {}", e.getMessage());
      return false;
    }
  }

  /** Read, change and rewrite the file under a lock that other KXM processes respect too. */
  private void update(Consumer<ObjectNode> change) {
    try (FileLockGuard lock = FileLockGuard.acquire(file)) {
      var current = CredentialsFile.read(file);
      ObjectNode root = current.map(c -> c.root().deepCopy()).orElseGet(Json::object);
      change.accept(root);
      CredentialsFile.write(file, root);
      table = TokenTable.of(CredentialsFile.read(file), envAdminToken, envProjectTokens);
    }
  }

  @Override
  public String toString() {
    return "HubCredentials[file=%s, admin=%s, projects=%s]"
        .formatted(file, adminTokenSource(), new java.util.TreeSet<>(projects()));
  }
}
