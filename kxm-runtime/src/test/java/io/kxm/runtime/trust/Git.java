package io.kxm.runtime.trust;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs git for tests, with a fixed identity so commits work on any machine. */
final class Git {
  private Git() {}

  static String run(Path dir, String... args) throws IOException, InterruptedException {
    List<String> argv =
        new ArrayList<>(
            List.of(
                "git",
                "-c",
                "user.name=KXM Test",
                "-c",
                "user.email=test@kxm.invalid",
                "-c",
                "commit.gpgsign=false"));
    argv.addAll(List.of(args));
    Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalStateException("git " + String.join(" ", args) + " failed: " + out);
    }
    return out;
  }

  static void commitAll(Path dir, String message) throws IOException, InterruptedException {
    run(dir, "add", "-A");
    run(dir, "commit", "-q", "-m", message);
  }
}
