package io.kxm.hub.auth;

import io.kxm.core.secret.Tokens;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One immutable view of the tokens in force: the file merged with the environment, and what the
 * file alone held (the part a shared token table imports).
 */
record TokenTable(
    String adminToken,
    AdminTokenSource adminSource,
    Map<String, String> projectTokens,
    String fileAdminToken,
    Map<String, String> fileProjectTokens,
    CredentialsFile.Stamp stamp) {

  static TokenTable of(
      Optional<CredentialsFile.Contents> file, String envAdmin, Map<String, String> envProjects) {
    Map<String, String> fromFile =
        file.map(CredentialsFile.Contents::projectTokens).orElse(Map.of());
    Map<String, String> projects = new HashMap<>(fromFile);
    projects.putAll(envProjects);
    String fileAdmin = file.map(CredentialsFile.Contents::adminToken).orElse(null);
    CredentialsFile.Stamp stamp = file.map(CredentialsFile.Contents::stamp).orElse(null);
    if (envAdmin != null && !envAdmin.isBlank()) {
      return new TokenTable(
          envAdmin, AdminTokenSource.ENVIRONMENT, Map.copyOf(projects), fileAdmin, fromFile, stamp);
    }
    AdminTokenSource source =
        fileAdmin == null ? AdminTokenSource.NONE : AdminTokenSource.STATE_FILE;
    return new TokenTable(fileAdmin, source, Map.copyOf(projects), fileAdmin, fromFile, stamp);
  }

  TokenTable withAdminSource(AdminTokenSource source) {
    return new TokenTable(
        adminToken, source, projectTokens, fileAdminToken, fileProjectTokens, stamp);
  }

  /**
   * Compares against every known token so the time taken does not reveal which one matched. A token
   * that is both admin and a project's is read as the admin: the stronger claim is the one an
   * operator meant to give.
   */
  Optional<Principal> match(String presented) {
    if (presented == null || presented.isEmpty()) {
      return Optional.empty();
    }
    Principal found = Tokens.equal(adminToken, presented) ? new Principal.Admin() : null;
    for (var entry : projectTokens.entrySet()) {
      if (Tokens.equal(entry.getValue(), presented) && found == null) {
        found = new Principal.Project(entry.getKey());
      }
    }
    return Optional.ofNullable(found);
  }
}
