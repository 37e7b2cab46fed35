package io.kxm.cli.dash;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kxm.testkit.Services;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real tmux server of its own (socket in a temporary folder) running one command in a detached
 * session of a given size: keys go in with send-keys, the screen comes out with capture-pane.
 */
final class Tmux implements AutoCloseable {
  private final Path socket;
  private final String session = "dash";

  private Tmux(Path socket) {
    this.socket = socket;
  }

  /** Skips the test with a notice when tmux is missing, unless KXM_REQUIRE_SERVICES=1. */
  static void require() {
    boolean present;
    try {
      Process p = new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start();
      present = p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      present = false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      present = false;
    }
    if (present) {
      return;
    }
    String notice = "tmux is not installed; the kxm dash terminal tests were skipped";
    if (Services.required()) {
      fail(
          "tmux is not installed; the kxm dash terminal tests cannot run (KXM_REQUIRE_SERVICES=1)");
    }
    System.err.println("NOTICE: " + notice);
    assumeTrue(false, notice);
  }

  /**
   * Starts {@code argv} in {@code dir} with exactly {@code env} (written to a launcher script, so
   * nothing of this JVM's environment leaks in) in a {@code width}x{@code height} session.
   */
  static Tmux start(Path dir, Map<String, String> env, List<String> argv, int width, int height)
      throws IOException, InterruptedException {
    Path script = dir.resolve("dash-launch.sh");
    StringBuilder text = new StringBuilder("#!/bin/sh\n");
    env.forEach(
        (k, v) -> text.append("export ").append(k).append('=').append(quote(v)).append('\n'));
    text.append("export TERM=xterm-256color\n");
    text.append("cd ").append(quote(dir.toString())).append('\n');
    text.append("exec");
    argv.forEach(a -> text.append(' ').append(quote(a)));
    text.append(" 2>>").append(quote(dir.resolve("dash-stderr.log").toString())).append('\n');
    Files.writeString(script, text, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    Tmux tmux = new Tmux(dir.resolve("tmux.sock"));
    tmux.tmux(
        "new-session",
        "-d",
        "-s",
        tmux.session,
        "-x",
        Integer.toString(width),
        "-y",
        Integer.toString(height),
        script.toString());
    return tmux;
  }

  /** The visible screen as text, one line per row. */
  String capture() {
    return tmux("capture-pane", "-p", "-t", session);
  }

  /** Sends tmux key names or literal characters ({@code "a"}, {@code "Tab"}, {@code "Down"}). */
  void keys(String... keys) {
    List<String> args = new ArrayList<>(List.of("send-keys", "-t", session));
    args.addAll(List.of(keys));
    tmux(args.toArray(String[]::new));
  }

  void resize(int width, int height) {
    tmux(
        "resize-window",
        "-t",
        session,
        "-x",
        Integer.toString(width),
        "-y",
        Integer.toString(height));
  }

  private String tmux(String... args) {
    List<String> cmd = new ArrayList<>(List.of("tmux", "-S", socket.toString(), "-f", "/dev/null"));
    cmd.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException("tmux " + String.join(" ", args) + " failed: " + out);
      }
      return out;
    } catch (IOException e) {
      throw new IllegalStateException("tmux " + args[0] + " could not run", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted running tmux " + args[0], e);
    }
  }

  private static String quote(String value) {
    return "'" + value.replace("'", "'\\''") + "'";
  }

  @Override
  public void close() {
    try {
      tmux("kill-server");
    } catch (IllegalStateException e) {
      // the server is already gone when the dash quit and its only session ended
    }
  }
}
