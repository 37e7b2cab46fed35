package io.kxm.session.api;

/** Which events a stream carries: one run's, or every event of one session. */
public record StreamKey(Kind kind, String id) {
  public enum Kind {
    RUN,
    SESSION
  }

  public static StreamKey run(String runId) {
    return new StreamKey(Kind.RUN, runId);
  }

  public static StreamKey session(String sessionId) {
    return new StreamKey(Kind.SESSION, sessionId);
  }

  public boolean matches(SessionEvent event) {
    return kind == Kind.RUN ? id.equals(event.runId()) : id.equals(event.sessionId());
  }
}
