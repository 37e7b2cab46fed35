package io.kxm.session.adapter;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.SearchPath;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * An agent CLI an adapter runs, and how to find it: the program named by {@code overrideVariable}
 * when that variable is set (never falling back to PATH then, so a wrong override is seen), else
 * the first executable {@code program} on the PATH. {@link #locate} also asks it for {@code
 * --version}, so a broken install is refused before a turn depends on it.
 *
 * @param program the executable's name on PATH, such as {@code claude}
 * @param overrideVariable the variable that names the executable directly, such as {@code
 *     KXM_CLAUDE_BIN}
 * @param npmPackage the npm package that installs it, named in the refusal
 */
public record CliBinary(String program, String overrideVariable, String npmPackage) {
  /** How long {@code --version} may take; a CLI that needs longer is treated as broken. */
  public static final Duration PROBE_TIMEOUT = Duration.ofSeconds(20);

  /** Bytes of {@code --version} output kept; the version is one short line. */
  static final int MAX_VERSION_BYTES = 4096;

  public CliBinary {
    Objects.requireNonNull(program, "program");
    Objects.requireNonNull(overrideVariable, "overrideVariable");
    Objects.requireNonNull(npmPackage, "npmPackage");
  }

  /** The CLI found, with the first line it printed for {@code --version}. */
  public record Found(Path path, String version) {}

  /**
   * Finds the CLI and checks that it answers {@code --version}.
   *
   * @param environment the variables that decide where to look ({@code overrideVariable}, {@code
   *     PATH}); the probe runs with exactly these
   * @throws KxmException {@code harness_unavailable} when it is missing, not executable, or does
   *     not answer
   */
  public Found locate(Map<String, String> environment) {
    Path path = find(environment);
    return new Found(path, probe(path, environment));
  }

  /** Where the CLI is, without running it. */
  public Path find(Map<String, String> environment) {
    String override = environment.get(overrideVariable);
    if (override != null && !override.isBlank()) {
      Path named = pathOrNull(override.strip());
      if (named == null || !named.isAbsolute() || !executable(named)) {
        throw unavailable(
            overrideVariable
                + " names "
                + override.strip()
                + ", which is not the absolute path of an executable file");
      }
      return named;
    }
    return SearchPath.find(environment.getOrDefault("PATH", ""), program)
        .orElseThrow(() ->
            unavailable(
                "'" + program + "' is not on the PATH and " + overrideVariable + " is unset"));
  }

  private String probe(Path path, Map<String, String> environment) {
    ProcessBuilder builder = new ProcessBuilder(List.of(path.toString(), "--version"));
    builder.environment().clear();
    builder.environment().putAll(environment);
    builder.redirectErrorStream(true);
    builder.redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
    Process process;
    try {
      process = builder.start();
    } catch (IOException | SecurityException | UnsupportedOperationException e) {
      throw unavailable(path + " did not start: " + e.getMessage());
    }
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Thread reader = Thread.ofVirtual().name("probe-" + program).start(() -> drain(process, out));
      if (!process.waitFor(PROBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw unavailable(
            path + " did not answer --version within " + PROBE_TIMEOUT.toSeconds() + " s");
      }
      reader.join(PROBE_TIMEOUT.toMillis());
      String said;
      synchronized (out) {
        said = out.toString(StandardCharsets.UTF_8).strip();
      }
      if (process.exitValue() != 0) {
        throw unavailable(
            path + " --version exited with " + process.exitValue() + ": " + firstLine(said));
      }
      return firstLine(said);
    } catch (InterruptedException e) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw unavailable(path + " --version was interrupted");
    }
  }

  private static void drain(Process process, ByteArrayOutputStream out) {
    try (InputStream in = process.getInputStream()) {
      byte[] buffer = new byte[1024];
      int n;
      while ((n = in.read(buffer)) >= 0) {
        synchronized (out) {
          int keep = Math.min(n, MAX_VERSION_BYTES - out.size());
          if (keep > 0) {
            out.write(buffer, 0, keep);
          }
        }
      }
    } catch (IOException e) {
      // the probe was killed; what was read is enough for the message
    }
  }

  private KxmException unavailable(String why) {
    return new KxmException(
        ErrorCode.HARNESS_UNAVAILABLE,
        "the "
            + program
            + " CLI is unavailable: "
            + why
            + "; install it with 'npm install -g "
            + npmPackage
            + "' or set "
            + overrideVariable
            + " to its absolute path");
  }

  private static String firstLine(String text) {
    int end = text.indexOf('\n');
    String line = (end < 0 ? text : text.substring(0, end)).strip();
    return line.length() > 200 ? line.substring(0, 200) : line;
  }

  private static Path pathOrNull(String text) {
    try {
      return Path.of(text);
    } catch (InvalidPathException e) {
      return null;
    }
  }

  private static boolean executable(Path path) {
    return Files.isRegularFile(path) && Files.isExecutable(path);
  }

  private static File nullDevice() {
    return new File(File.separatorChar == '\\' ? "NUL" : "/dev/null");
  }
}
