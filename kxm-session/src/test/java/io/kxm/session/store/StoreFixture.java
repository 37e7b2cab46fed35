package io.kxm.session.store;

import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** A session store on a real file in a test folder, with shortcuts to the usual starting points. */
final class StoreFixture implements AutoCloseable {
  static final HarnessSpec HARNESS =
      new HarnessSpec(HarnessSpec.COMMAND, List.of("agent", "--json"));

  final SettableClock clock = SettableClock.atEpochSecond(1_800_000_000L);
  final Path file;
  final SqliteSessionStore store;

  StoreFixture(Path dir) {
    this.file = dir.resolve("runtime").resolve("sessions.db");
    this.store = SqliteSessionStore.open(file, clock);
  }

  Session aSession() {
    return store.createSession("/work/project", HARNESS, "model-a");
  }

  SessionRun aQueuedRun() {
    return store.createRun(aSession().id(), "fix the build", null);
  }

  SessionRun aRunningRun() {
    return store.transition(aQueuedRun().id(), SessionRunStatus.RUNNING, null, null);
  }

  static ObjectNode json(String key, String value) {
    ObjectNode node = Json.object();
    node.put(key, value);
    return node;
  }

  @Override
  public void close() {
    store.close();
  }
}
