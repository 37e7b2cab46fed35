package io.kxm.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Real Git repositories for tests and fault runs that need a workspace under version control. */
public final class GitRepository {
  private GitRepository() {}

  /**
   * Makes {@code folder} a repository with one commit holding {@code file} with {@code content};
   * the folder is created if needed.
   */
  public static Path withOneCommit(Path folder, String file, String content)
      throws IOException, InterruptedException {
    Files.createDirectories(folder);
    Files.writeString(folder.resolve(file), content);
    git(folder, "init", "-q");
    git(folder, "add", file);
    git(
        folder,
        "-c",
        "user.name=Test",
        "-c",
        "user.email=test@example.com",
        "commit",
        "-q",
        "-m",
        "one");
    return folder;
  }

  /**
   * Commits everything in {@code folder}, making it a repository first when it is not one; the
   * folder a run pins its {@code .kxm/} from must be committed.
   */
  public static Path commitAll(Path folder, String message)
      throws IOException, InterruptedException {
    if (!Files.exists(folder.resolve(".git"))) {
      git(folder, "init", "-q");
    }
    git(folder, "add", "-A");
    git(
        folder,
        "-c",
        "user.name=Test",
        "-c",
        "user.email=test@example.com",
        "commit",
        "-q",
        "--allow-empty",
        "-m",
        message);
    return folder;
  }

  /** Runs {@code git -C folder args…}; its output, or a failure that quotes it. */
  public static String git(Path folder, String... args) throws IOException, InterruptedException {
    List<String> argv = new ArrayList<>(List.of("git", "-C", folder.toString()));
    argv.addAll(List.of(args));
    Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
    String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
      process.destroyForcibly();
      throw new IllegalStateException(String.join(" ", argv) + " failed: " + said);
    }
    return said;
  }
}
