package io.kxm.hub.lifecycle;

import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.http.Access;
import java.nio.file.Path;
import java.util.Map;

/**
 * A hub in a child process for {@link SignalShutdownTest}. Its slow route answers only once the hub
 * drains, so every request it holds is provably in flight when SIGTERM arrives. Talks to the test
 * through stdout lines: {@code port N}, {@code entered}, {@code store closed}.
 */
public final class SignalTestMain {
  private SignalTestMain() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    HubConfig config =
        HubConfig.fromEnvironment(
            Map.of(
                "KXM_STATE_HOME",
                dir.resolve("state").toString(),
                "KXM_LOGS_DIR",
                dir.resolve("logs").toString(),
                "KXM_PORT",
                "0",
                "KXM_SHUTDOWN_GRACE_MS",
                args[1]),
            dir);
    HubServer hub =
        HubServer.builder(config)
            .feature(h ->
                h.routes()
                    .get(
                        "/v1/test/slow",
                        Access.PUBLIC,
                        ctx -> {
                          say("entered");
                          h.drain().whenDraining().toCompletableFuture().join();
                          ctx.result("done");
                        }))
            .closeAfterStop(() -> say("store closed"))
            .captureLibraryLogs(true)
            .start();
    hub.installSignalHandlers();
    say("port " + hub.port());
    System.exit(hub.awaitStop() ? 0 : 1);
  }

  private static synchronized void say(String line) {
    System.out.println(line);
    System.out.flush();
  }
}
