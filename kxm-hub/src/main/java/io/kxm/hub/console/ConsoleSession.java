package io.kxm.hub.console;

import io.kxm.hub.auth.Principal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One signed-in console, kept on the server only. It holds the token it was opened with so every
 * request proves it again: a rotated or revoked token ends the session at once.
 */
public final class ConsoleSession {
  private final String token;
  private final String operator;
  private final String csrf;
  private final String project;
  private final HumanAgent human;
  private volatile Instant lastUsed;

  ConsoleSession(
      String token, String operator, String csrf, String project, HumanAgent human, Instant now) {
    this.token = Objects.requireNonNull(token, "token");
    this.operator = Objects.requireNonNull(operator, "operator");
    this.csrf = Objects.requireNonNull(csrf, "csrf");
    this.project = project;
    this.human = human;
    this.lastUsed = now;
  }

  /** The token the operator signed in with; for re-checking only, never shown. */
  String token() {
    return token;
  }

  public String operator() {
    return operator;
  }

  /** The per-session value unsafe requests must echo in {@code X-KXM-CSRF}. */
  public String csrf() {
    return csrf;
  }

  /** The project the operator works in; empty for an admin session over every project. */
  public Optional<String> project() {
    return Optional.ofNullable(project);
  }

  /** The operator's human agent, when the session is bound to a project. */
  public Optional<HumanAgent> human() {
    return Optional.ofNullable(human);
  }

  Instant lastUsed() {
    return lastUsed;
  }

  void touch(Instant now) {
    lastUsed = now;
  }

  /** The principal of a session: what its token proves, if it still does. */
  public record Resolved(ConsoleSession session, Principal principal) {}

  /** Never prints the token or the CSRF value. */
  @Override
  public String toString() {
    return "ConsoleSession[operator="
        + operator
        + ", project="
        + project
        + ", human="
        + human
        + "]";
  }
}
