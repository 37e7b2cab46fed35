package io.kxm.hub;

import io.kxm.core.net.Origins;
import io.kxm.core.settings.EnvSettings;
import io.kxm.hub.auth.ProjectNames;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** What each hub setting must look like. Refusals name the variable and never show a token. */
final class ConfigRules {
  /** Short tokens can be guessed; 16 characters of a generated token carry about 96 bits. */
  static final int MIN_TOKEN_LENGTH = 16;

  private ConfigRules() {}

  static void checkHostPortGraceBody(String host, int port, Duration grace, long maxBodyBytes) {
    if (host == null || host.isBlank() || host.chars().anyMatch(Character::isWhitespace)) {
      throw EnvSettings.invalid(
          "KXM_HOST", "must be a host name or IP address, got '" + host + "'");
    }
    if (port < 0 || port > 65_535) {
      throw EnvSettings.invalid("KXM_PORT", "must be a whole number from 0 to 65535, got " + port);
    }
    if (grace == null || grace.isNegative()) {
      throw EnvSettings.invalid("KXM_SHUTDOWN_GRACE_MS", "must be zero or more milliseconds");
    }
    if (maxBodyBytes <= 0) {
      throw EnvSettings.invalid("max body size", "must be at least one byte, got " + maxBodyBytes);
    }
  }

  static List<String> origins(List<String> origins) {
    if (origins == null) {
      return List.of();
    }
    return origins.stream()
        .map(origin ->
            Origins.normalize(origin)
                .orElseThrow(() ->
                    EnvSettings.invalid(
                        "KXM_ALLOWED_ORIGINS",
                        "entries must look like https://host[:port], got '" + origin + "'")))
        .distinct()
        .toList();
  }

  static Map<String, String> projectTokens(Map<String, String> tokens) {
    if (tokens == null) {
      return Map.of();
    }
    tokens.forEach((project, token) -> {
      if (!ProjectNames.isValid(project)) {
        throw EnvSettings.invalid(
            "KXM_PROJECT_TOKENS",
            "names an invalid project '" + project + "'; " + ProjectNames.RULE);
      }
      token("KXM_PROJECT_TOKENS entry for " + project, token);
    });
    return Map.copyOf(tokens);
  }

  /**
   * One token, one meaning: a token that is both the admin's and a project's would make every
   * project request an admin request.
   */
  static void distinct(String adminToken, Map<String, String> projectTokens) {
    projectTokens.forEach((project, token) -> {
      if (token.equals(adminToken)) {
        throw EnvSettings.invalid(
            "KXM_PROJECT_TOKENS", "gives project " + project + " the admin token; use its own");
      }
    });
  }

  static String token(String name, String token) {
    if (token.length() < MIN_TOKEN_LENGTH) {
      throw EnvSettings.invalid(name, "must be at least " + MIN_TOKEN_LENGTH + " characters long");
    }
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (c <= ' ' || c == ',' || c >= 127) {
        throw EnvSettings.invalid(
            name, "may hold only visible ASCII characters other than a comma");
      }
    }
    return token;
  }
}
