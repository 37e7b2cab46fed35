package io.kxm.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Redactor;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where a PostgreSQL store lives.
 *
 * @param jdbcUrl a {@code jdbc:postgresql:} URL without credentials
 * @param user the role to log in as, or null to let the driver decide
 * @param password the role's password, or null (trust or peer authentication)
 * @param schema the schema holding KXM's tables, or null for {@code public}
 */
public record PostgresLocation(String jdbcUrl, String user, String password, String schema) {
  private static final Pattern SCHEMA = Pattern.compile("[a-z_][a-z0-9_]{0,31}");

  public PostgresLocation {
    Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    if (!jdbcUrl.startsWith("jdbc:postgresql:")) {
      throw invalid("the JDBC URL must start with jdbc:postgresql:");
    }
    if (schema != null && !SCHEMA.matcher(schema).matches()) {
      // Interpolated into DDL (backup schemas), so only plain lower-case names are accepted,
      // short enough that a backup name built from it stays within PostgreSQL's 63 characters.
      throw invalid(
          "schema '" + schema + "' must be lower-case letters, digits and _ (at most 32)");
    }
  }

  /**
   * Reads a libpq-style URL such as {@code postgresql://user:secret@db.local:5432/kxm?sslmode=
   * require} (also {@code postgres://}) or a {@code jdbc:postgresql:} URL. Query parameters pass
   * through to the driver.
   */
  public static PostgresLocation parse(String url) {
    if (url.startsWith("jdbc:postgresql:")) {
      return new PostgresLocation(url, null, null, null);
    }
    String rest = stripScheme(url);
    int query = rest.indexOf('?');
    String params = query < 0 ? "" : rest.substring(query);
    String beforeQuery = query < 0 ? rest : rest.substring(0, query);
    int slash = beforeQuery.indexOf('/');
    String authority = slash < 0 ? beforeQuery : beforeQuery.substring(0, slash);
    String database = slash < 0 ? "" : beforeQuery.substring(slash + 1);
    int at = authority.lastIndexOf('@');
    String hosts = at < 0 ? authority : authority.substring(at + 1);
    String user = null;
    String password = null;
    if (at >= 0) {
      String userInfo = authority.substring(0, at);
      int colon = userInfo.indexOf(':');
      user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
      password = colon < 0 ? null : decode(userInfo.substring(colon + 1));
    }
    String host = hosts.isEmpty() ? "localhost" : hosts;
    return new PostgresLocation(
        "jdbc:postgresql://" + host + "/" + database + params, emptyToNull(user), password, null);
  }

  public PostgresLocation withSchema(String newSchema) {
    return new PostgresLocation(jdbcUrl, user, password, newSchema);
  }

  /** The schema in use: the configured one or {@code public}. */
  public String schemaOrPublic() {
    return schema == null ? "public" : schema;
  }

  /** Never shows the password, not even one passed as a query parameter of the URL. */
  @Override
  public String toString() {
    return "postgres "
        + redactedUrl()
        + (user == null ? "" : " as " + user)
        + " schema "
        + schemaOrPublic();
  }

  /**
   * The JDBC URL with the value of every {@code password} or {@code sslpassword} parameter hidden.
   */
  public String redactedUrl() {
    return Redactor.redact(jdbcUrl);
  }

  private static String stripScheme(String url) {
    for (String scheme : new String[] {"postgresql://", "postgres://"}) {
      if (url.startsWith(scheme)) {
        return url.substring(scheme.length());
      }
    }
    throw invalid("KXM_DATABASE_URL must start with postgresql:// or postgres://");
  }

  private static String decode(String value) {
    return URLDecoder.decode(value, StandardCharsets.UTF_8);
  }

  private static String emptyToNull(String value) {
    return value == null || value.isEmpty() ? null : value;
  }

  private static KxmException invalid(String message) {
    return new KxmException(ErrorCode.CONFIG_INVALID, message);
  }
}
