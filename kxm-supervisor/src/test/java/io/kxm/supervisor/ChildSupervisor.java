package io.kxm.supervisor;

import io.kxm.core.paths.StatePaths;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A supervisor in a child JVM over a given state home, so a test can SIGTERM or kill -9 it. */
final class ChildSupervisor implements AutoCloseable {
  private final Process process;
  private final String url;
  private final String token;

  private ChildSupervisor(Process process, String url, String token) {
    this.process = process;
    this.url = url;
    this.token = token;
  }

  static ChildSupervisor start(Path stateHome, Map<String, String> env) throws Exception {
    return launch(stateHome, stateHome, env, SupervisorMainForTests.class.getName());
  }

  /**
   * A runtime server over {@code workspace}, as {@code kxm runtime serve} runs it; its state is in
   * the workspace, and {@code stateHome} stays the user state root it must not touch.
   */
  static ChildSupervisor serve(Path workspace, Path stateHome, Map<String, String> env)
      throws Exception {
    return launch(
        stateHome,
        workspace.toRealPath().resolve(ServerWorkspace.STATE_FOLDER),
        env,
        ServeMainForTests.class.getName(),
        workspace.toString());
  }

  private static ChildSupervisor launch(
      Path stateHome, Path serverState, Map<String, String> env, String... main) throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> command =
        new java.util.ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path")));
    command.addAll(List.of(main));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("KXM_STATE_HOME", stateHome.toString());
    // the user's own ~/.config/kxm (its providers.yaml above all) stays out of tests
    builder.environment().put("KXM_USER_CONFIG_DIR", stateHome.resolve("user-config").toString());
    builder.environment().putAll(env);
    builder.redirectErrorStream(true);
    Process process = builder.start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> ready =
        CompletableFuture.supplyAsync(() -> {
          try {
            StringBuilder seen = new StringBuilder();
            for (String line = out.readLine(); line != null; line = out.readLine()) {
              if (line.startsWith(SupervisorMainForTests.READY)) {
                return line.substring(SupervisorMainForTests.READY.length()).strip();
              }
              seen.append(line).append('\n');
            }
            throw new IllegalStateException("the supervisor exited before it was ready:\n" + seen);
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        });
    String url;
    try {
      url = ready.get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      process.destroyForcibly();
      throw e;
    }
    // Keep draining its output so the child never blocks on a full pipe.
    Thread.ofVirtual()
        .start(() -> {
          try {
            while (out.readLine() != null) {
              // discarded: the supervisor log under the state home has what matters
            }
          } catch (IOException e) {
            // the child is gone
          }
        });
    String token =
        env.containsKey(SupervisorCredential.ENV)
            ? env.get(SupervisorCredential.ENV)
            : SupervisorToken.read(SupervisorPaths.of(new StatePaths(serverState)).tokenFile())
                .orElseThrow();
    return new ChildSupervisor(process, url, token);
  }

  String url() {
    return url;
  }

  String token() {
    return token;
  }

  Process process() {
    return process;
  }

  /** kill -9: no drain, no shutdown hook, the stores left as a crash leaves them. */
  void crash() throws InterruptedException {
    process.toHandle().destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /** SIGTERM: the supervisor drains, then exits. */
  void terminate() {
    process.toHandle().destroy();
  }

  boolean awaitExit(long seconds) throws InterruptedException {
    return process.waitFor(seconds, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.toHandle().destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.toHandle().destroyForcibly();
      }
    }
  }
}
