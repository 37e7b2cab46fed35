package io.kxm.session.store;

import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.testkit.SettableClock;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** A session store under test with its clock, and shortcuts to the usual starting points. */
public final class SessionFixture implements AutoCloseable {
  public static final HarnessSpec HARNESS =
      new HarnessSpec(HarnessSpec.COMMAND, List.of("agent", "--json"));

  public final SettableClock clock;
  public final SessionStore store;

  public SessionFixture(SettableClock clock, SessionStore store) {
    this.clock = clock;
    this.store = store;
  }

  public Session aSession() {
    return store.createSession("/work/project", HARNESS, "model-a");
  }

  public SessionRun aQueuedRun() {
    return store.createRun(aSession().id(), "fix the build", null);
  }

  public SessionRun aRunningRun() {
    return store.transition(aQueuedRun().id(), SessionRunStatus.RUNNING, null, null);
  }

  public static ObjectNode json(String key, String value) {
    ObjectNode node = Json.object();
    node.put(key, value);
    return node;
  }

  @Override
  public void close() {
    store.close();
  }
}
