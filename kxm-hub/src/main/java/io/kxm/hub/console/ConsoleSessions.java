package io.kxm.hub.console;

import io.kxm.core.secret.Tokens;
import io.kxm.hub.auth.HubCredentials;
import io.kxm.hub.auth.Principal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The console's signed-in sessions, in memory. A session is found by the SHA-256 of its cookie
 * value, so the map never holds a usable id; it ends after {@link #IDLE} without a request, on
 * sign-out, when its token stops being valid, or when {@link #MAX_SESSIONS} newer ones push it out.
 * A restarted hub forgets every session: operators sign in again.
 */
public final class ConsoleSessions {
  /** The cookie that carries the session id. */
  public static final String COOKIE = "kxm_console";

  /** The header unsafe cookie requests must carry. */
  public static final String CSRF_HEADER = "X-KXM-CSRF";

  public static final Duration IDLE = Duration.ofHours(12);
  public static final int MAX_SESSIONS = 256;

  private final HubCredentials credentials;
  private final Clock clock;
  // Access order: the least recently used session goes first when the map is full.
  private final Map<String, ConsoleSession> byHash = new LinkedHashMap<>(16, 0.75f, true);

  public ConsoleSessions(HubCredentials credentials, Clock clock) {
    this.credentials = credentials;
    this.clock = clock;
  }

  /** The cookie value and the session it opened. */
  public record Opened(String id, ConsoleSession session) {
    /** Never prints the id. */
    @Override
    public String toString() {
      return "Opened[" + session + "]";
    }
  }

  /**
   * Opens a session for a token the caller has already checked.
   *
   * @param project the project the session works in, or null for an admin over every project
   * @param human the operator's human agent, or null
   */
  public synchronized Opened open(String token, String operator, String project, HumanAgent human) {
    Instant now = clock.instant();
    dropExpired(now);
    while (byHash.size() >= MAX_SESSIONS) {
      Iterator<String> oldest = byHash.keySet().iterator();
      oldest.next();
      oldest.remove();
    }
    String id = Tokens.generate("kxc_");
    ConsoleSession session =
        new ConsoleSession(token, operator, Tokens.generate("csrf_"), project, human, now);
    byHash.put(Tokens.sha256Hex(id), session);
    return new Opened(id, session);
  }

  /** The live session of a cookie value and what its token proves now; empty otherwise. */
  public Optional<ConsoleSession.Resolved> resolve(String cookie) {
    if (cookie == null || cookie.isBlank() || cookie.length() > 200) {
      return Optional.empty();
    }
    String hash = Tokens.sha256Hex(cookie);
    ConsoleSession session;
    Instant now = clock.instant();
    synchronized (this) {
      session = byHash.get(hash);
      if (session == null) {
        return Optional.empty();
      }
      if (expired(session, now)) {
        byHash.remove(hash);
        return Optional.empty();
      }
      session.touch(now);
    }
    Optional<Principal> principal = credentials.authenticate(session.token());
    if (principal.isEmpty()) {
      close(cookie);
      return Optional.empty();
    }
    return Optional.of(new ConsoleSession.Resolved(session, principal.get()));
  }

  /** Ends the session of a cookie value; nothing happens for an unknown one. */
  public synchronized void close(String cookie) {
    if (cookie != null && !cookie.isBlank()) {
      byHash.remove(Tokens.sha256Hex(cookie));
    }
  }

  public synchronized int size() {
    return byHash.size();
  }

  private void dropExpired(Instant now) {
    byHash.values().removeIf(session -> expired(session, now));
  }

  private static boolean expired(ConsoleSession session, Instant now) {
    return !session.lastUsed().plus(IDLE).isAfter(now);
  }
}
