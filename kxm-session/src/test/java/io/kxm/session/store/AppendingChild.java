package io.kxm.session.store;

import io.kxm.core.json.Json;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.node.ObjectNode;

/**
 * A separate JVM that appends to a session store until it is killed. It prints the run id, then one
 * line per append whose future completed, so the test knows what was committed before the kill.
 */
public final class AppendingChild {
  private AppendingChild() {}

  public static void main(String[] args) {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    SqliteSessionStore store = SqliteSessionStore.open(Path.of(args[0]), Clock.systemUTC());
    Session session = store.createSession("/work/project", SessionFixture.HARNESS, null);
    SessionRun run = store.createRun(session.id(), "write until killed", null);
    store.transition(run.id(), SessionRunStatus.RUNNING, null, null);
    out.println("run " + run.id());
    for (long i = 0; ; i++) {
      ObjectNode data = Json.object();
      data.put("text", "chunk " + i);
      CompletableFuture<SessionEvent> appended =
          store.append(run.id(), EventTypes.MESSAGE_DELTA, data);
      appended.thenAccept(event -> out.println("committed " + event.seq()));
      if (i % 64 == 0) {
        // Keeps the queue short, so the kill lands among many small batches.
        appended.join();
      }
    }
  }
}
