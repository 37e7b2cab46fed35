package io.kxm.mcp.http;

/**
 * A session port that wants to know when the session talks. The endpoint begins an activity for
 * every request of the session, and ends it when the request is answered, or when its event stream
 * closes; a session with nothing under way is silent. The hub keeps the agent present only while
 * something is under way, so a client that stops talking goes offline after the presence lease.
 */
public interface SessionActivity {

  /** A request of the session started; the returned activity ends it. */
  Activity begin();

  /** One request under way; closing it twice is harmless. */
  interface Activity extends AutoCloseable {
    @Override
    void close();
  }
}
