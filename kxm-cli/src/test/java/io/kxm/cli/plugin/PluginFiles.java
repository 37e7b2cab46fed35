package io.kxm.cli.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.ChildKxm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** Where the plugin lives in this repository, and running a real CLI as a child process. */
final class PluginFiles {
  static final String MARKETPLACE = ".claude-plugin/marketplace.json";
  static final String PLUGIN = "integrations/claude-code";

  private PluginFiles() {}

  /**
   * The repository root: the first folder at or above the working directory with the marketplace.
   */
  static Path repositoryRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve(MARKETPLACE))) {
        return dir;
      }
    }
    throw new IllegalStateException(
        "no " + MARKETPLACE + " at or above " + Path.of("").toAbsolutePath());
  }

  /**
   * An executable {@code kxm} in {@code folder} that runs the CLI under test (this JVM, the
   * product's classpath), for a child that finds kxm as {@code KXM_BIN} or on its PATH.
   */
  static Path kxmLauncher(Path folder) {
    List<String> command =
        new java.util.ArrayList<>(List.of(ChildKxm.java(), "-XX:TieredStopAtLevel=1"));
    command.addAll(ChildKxm.arguments());
    String line =
        command.stream().map(PluginFiles::quoted).collect(Collectors.joining(" ")) + " \"$@\"";
    try {
      Files.createDirectories(folder);
      Path script = folder.resolve("kxm");
      Files.writeString(script, "#!/bin/sh\nexec " + line + "\n");
      Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
      return script;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String quoted(String word) {
    return "'" + word.replace("'", "'\\''") + "'";
  }

  /** What a finished child printed. */
  record Ran(int exit, String out, String err) {}

  /** Runs {@code command} in {@code folder} with exactly {@code env}, bounded by {@code limit}. */
  static Ran run(Path folder, Map<String, String> env, Duration limit, List<String> command) {
    try {
      Path out = Files.createTempFile("child", ".out");
      Path err = Files.createTempFile("child", ".err");
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .directory(folder.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
              .redirectOutput(out.toFile())
              .redirectError(err.toFile());
      builder.environment().clear();
      builder.environment().putAll(env);
      Process process = builder.start();
      if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor();
      }
      Ran ran = new Ran(process.exitValue(), Files.readString(out), Files.readString(err));
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
      assertThat(ran.exit())
          .as("%s\nstdout: %s\nstderr: %s", command, ran.out(), ran.err())
          .isNotNegative();
      return ran;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
