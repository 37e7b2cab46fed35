package io.kxm.hub.auth;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.paths.FileLockGuard;
import io.kxm.core.secret.Tokens;
import io.kxm.store.Store;
import io.kxm.store.token.StoredToken;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
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
 *
 * <p>A hub passes its store: then the file's tokens are imported as hashes into the token table all
 * nodes share, every presented token is looked up there, and tokens can be rotated and revoked
 * while the hub runs. Environment tokens stay in this process only and win over the table: they
 * cannot be rotated here.
 */
public final class HubCredentials {
  private static final Logger LOG = LoggerFactory.getLogger(HubCredentials.class);

  private final Path file;
  private final String envAdminToken;
  private final Map<String, String> envProjectTokens;
  private final SharedTokens shared; // null: the file and the environment alone
  private volatile TokenTable table;

  private HubCredentials(
      Path file, String envAdminToken, Map<String, String> envProjectTokens, Store store) {
    this.file = file;
    this.envAdminToken = envAdminToken == null || envAdminToken.isBlank() ? null : envAdminToken;
    this.envProjectTokens = Map.copyOf(envProjectTokens);
    this.shared = store == null ? null : new SharedTokens(store);
    replaceTable(TokenTable.of(CredentialsFile.read(file), envAdminToken, this.envProjectTokens));
  }

  /**
   * As {@link #load(Path, String, Map)}, with the token table of {@code store} shared by every hub
   * node on it; the file's tokens are imported into it now and whenever the file changes.
   */
  public static HubCredentials shared(
      Path file, String envAdminToken, Map<String, String> envProjectTokens, Store store) {
    return new HubCredentials(file, envAdminToken, envProjectTokens, store);
  }

  /**
   * Reads {@code file} if it exists; creates nothing. Environment values (null or empty when unset)
   * win over the file.
   */
  public static HubCredentials load(
      Path file, String envAdminToken, Map<String, String> envProjectTokens) {
    return new HubCredentials(file, envAdminToken, envProjectTokens, null);
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
      TokenTable now = table;
      table = now.withAdminSource(AdminTokenSource.GENERATED);
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
  public Set<String> projects() {
    if (shared == null) {
      return Set.copyOf(table.projectTokens().keySet());
    }
    Set<String> names = new TreeSet<>(envProjectTokens.keySet());
    for (ProjectTokenInfo info : projectTokens()) {
      names.add(info.project());
    }
    return Set.copyOf(names);
  }

  /**
   * The admin token saved in the file, for the operator's CLI on the hub's machine; never the one
   * from the environment.
   */
  public Optional<String> savedAdminToken() {
    return Optional.ofNullable(table.fileAdminToken());
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
    if (shared == null) {
      return table.projectTokens().containsKey(project);
    }
    if (envProjectTokens.containsKey(project)) {
      return true;
    }
    refreshIfChanged();
    return shared.hasActive(Optional.of(project));
  }

  /**
   * The principal a presented token proves, comparing in constant time. A miss re-reads the file
   * once if it changed, so tokens minted by the CLI work without a restart.
   */
  public Optional<Principal> authenticate(String token) {
    if (shared != null) {
      return authenticateShared(token);
    }
    Optional<Principal> found = table.match(token);
    if (found.isPresent()) {
      return found;
    }
    return refreshIfChanged() ? table.match(token) : Optional.empty();
  }

  /** Environment first, then the shared table; a row the environment overrides proves nothing. */
  private Optional<Principal> authenticateShared(String token) {
    if (token == null || token.isEmpty()) {
      return Optional.empty();
    }
    Optional<Principal> fromEnvironment = environmentMatch(token);
    if (fromEnvironment.isPresent()) {
      return fromEnvironment;
    }
    Optional<StoredToken> row = shared.accepted(token);
    if (row.isEmpty() && refreshIfChanged()) {
      row = shared.accepted(token);
    }
    return row.flatMap(
        r -> r.project().isPresent() ? projectPrincipal(r.project().get()) : admin());
  }

  private Optional<Principal> projectPrincipal(String project) {
    return envProjectTokens.containsKey(project)
        ? Optional.empty()
        : Optional.of(new Principal.Project(project));
  }

  private Optional<Principal> admin() {
    return envAdminToken != null ? Optional.empty() : Optional.of(new Principal.Admin());
  }

  /** Compares with every environment token, so the time taken does not tell which one matched. */
  private Optional<Principal> environmentMatch(String presented) {
    Principal found =
        envAdminToken != null && Tokens.equal(envAdminToken, presented)
            ? new Principal.Admin()
            : null;
    for (var entry : envProjectTokens.entrySet()) {
      if (Tokens.equal(entry.getValue(), presented) && found == null) {
        found = new Principal.Project(entry.getKey());
      }
    }
    return Optional.ofNullable(found);
  }

  /**
   * Replaces every token of {@code project} by a new one, on every node at once; the project's
   * plaintext token leaves this node's file. The new value is returned once and kept as a hash.
   *
   * @throws KxmException {@code invalid_request} for a bad name, {@code token_from_environment}
   *     when {@code KXM_PROJECT_TOKENS} sets it, {@code project_token_not_found} when it has none
   */
  public IssuedToken rotateProjectToken(String project) {
    ProjectNames.require(project);
    refuseEnvironment(envProjectTokens.containsKey(project), "project '" + project + "'");
    SharedTokens tokens = requireShared();
    refreshIfChanged();
    if (!tokens.hasActive(Optional.of(project))) {
      throw notFound(project);
    }
    String token = Tokens.generate("kxm_project_");
    StoredToken row =
        tokens.rotate(
            Optional.of(project),
            token,
            Optional.ofNullable(table.fileProjectTokens().get(project)));
    forgetFileToken(project);
    return new IssuedToken(Optional.of(project), token, row.createdAt(), row.generation());
  }

  /**
   * Revokes every token of {@code project} on every node at once and removes it from this node's
   * file; agents of the project are refused from their next request on.
   *
   * @throws KxmException as {@link #rotateProjectToken}
   */
  public void revokeProjectToken(String project) {
    ProjectNames.require(project);
    refuseEnvironment(envProjectTokens.containsKey(project), "project '" + project + "'");
    SharedTokens tokens = requireShared();
    refreshIfChanged();
    Optional<String> fileToken = Optional.ofNullable(table.fileProjectTokens().get(project));
    if (!tokens.hasActive(Optional.of(project)) && fileToken.isEmpty()) {
      throw notFound(project);
    }
    tokens.revoke(project, fileToken);
    forgetFileToken(project);
  }

  /**
   * Replaces the admin token on every node at once and saves the new one in this node's file, where
   * the operator's CLI finds it.
   *
   * @throws KxmException {@code token_from_environment} when {@code KXM_AUTH_TOKEN} sets it
   */
  public IssuedToken rotateAdminToken() {
    refuseEnvironment(envAdminToken != null, "the admin token");
    SharedTokens tokens = requireShared();
    String token = Tokens.generate("kxm_admin_");
    StoredToken row =
        tokens.rotate(Optional.empty(), token, Optional.ofNullable(table.fileAdminToken()));
    update(root -> root.put("adminToken", token));
    return new IssuedToken(Optional.empty(), token, row.createdAt(), row.generation());
  }

  /** Every accepted project token, by project name: names, times and sources, never values. */
  public List<ProjectTokenInfo> projectTokens() {
    SharedTokens tokens = requireShared();
    refreshIfChanged();
    List<ProjectTokenInfo> out = new ArrayList<>();
    envProjectTokens
        .keySet()
        .forEach(p -> out.add(new ProjectTokenInfo(p, null, 0, "environment")));
    for (StoredToken row : tokens.activeProjectTokens()) {
      String project = row.project().orElseThrow();
      if (!envProjectTokens.containsKey(project)) {
        out.add(new ProjectTokenInfo(project, row.createdAt(), row.generation(), row.origin()));
      }
    }
    out.sort(Comparator.comparing(ProjectTokenInfo::project));
    return List.copyOf(out);
  }

  private SharedTokens requireShared() {
    if (shared == null) {
      // Only a hub with a store installs the routes that get here.
      throw new IllegalStateException("these credentials have no shared token table");
    }
    return shared;
  }

  private static void refuseEnvironment(boolean fromEnvironment, String holder) {
    if (fromEnvironment) {
      throw new KxmException(
          ErrorCode.TOKEN_FROM_ENVIRONMENT,
          "the token of " + holder + " is set in this hub's environment and cannot change here");
    }
  }

  private static KxmException notFound(String project) {
    return new KxmException(
        ErrorCode.PROJECT_TOKEN_NOT_FOUND, "project '" + project + "' has no token to change");
  }

  private void forgetFileToken(String project) {
    if (!table.fileProjectTokens().containsKey(project)) {
      return;
    }
    update(root -> {
      if (root.get("projectTokens") instanceof ObjectNode tokens) {
        tokens.remove(project);
      }
    });
  }

  /** Takes a table read from the file, first importing its tokens into the shared table. */
  private void replaceTable(TokenTable next) {
    if (shared != null) {
      Map<String, String> projects = new java.util.HashMap<>(next.fileProjectTokens());
      projects.keySet().removeAll(envProjectTokens.keySet());
      shared.importFile(envAdminToken == null ? next.fileAdminToken() : null, projects);
    }
    table = next;
  }

  private synchronized boolean refreshIfChanged() {
    try {
      CredentialsFile.Stamp now = CredentialsFile.stamp(file);
      if (CredentialsFile.sameStamp(now, table.stamp())) {
        return false;
      }
      replaceTable(TokenTable.of(CredentialsFile.read(file), envAdminToken, envProjectTokens));
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
      replaceTable(TokenTable.of(CredentialsFile.read(file), envAdminToken, envProjectTokens));
    }
  }

  @Override
  public String toString() {
    return "HubCredentials[file=%s, admin=%s, projects=%s]"
        .formatted(file, adminTokenSource(), new TreeSet<>(table.projectTokens().keySet()));
  }
}
