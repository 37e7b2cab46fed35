package io.kxm.runtime.sandbox;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.SearchPath;
import io.kxm.core.settings.EnvSettings;
import io.kxm.runtime.process.OutputCapture;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Builds the command line that runs an argument list inside bubblewrap: new user, PID, IPC, UTS,
 * cgroup and network namespaces (so only the sandbox's own, empty loopback is reachable: no network
 * at all); the whole file system bound read-only; a fresh {@code /tmp} and an empty home as tmpfs,
 * so the user's home and its secrets are not there; and one folder (the run's worktree or the
 * gate's working directory) bound writable, with {@code TMPDIR} pointing at the scratch.
 *
 * <p>{@code --die-with-parent} is left out on purpose: Linux ties it to the thread that started the
 * child, and a JVM retires threads (virtual threads' carriers among them) while their children run.
 * A tree a crash leaves is ended from its recorded pid and start time instead, like any other.
 *
 * <p>The tool is {@code KXM_SANDBOX_BWRAP} when set, else {@code bwrap} on {@code PATH}. Before its
 * first use it is proven by running {@code true} inside the same sandbox; a failed proof (no tool,
 * user namespaces turned off) makes every request refuse with {@code sandbox_unavailable}, and
 * nothing ever runs unsandboxed in its place.
 *
 * <p>A harness that needs its model provider (and the hub) gets network to those endpoints only,
 * through {@link SandboxNetwork}; everything else stays unreachable.
 */
public final class Sandbox {
  public static final String TOOL = "bwrap";
  public static final String BWRAP_SETTING = "KXM_SANDBOX_BWRAP";
  public static final String FORWARDER = "socat";
  public static final String SOCAT_SETTING = "KXM_SANDBOX_SOCAT";
  static final Duration PROOF_TIMEOUT = Duration.ofSeconds(10);
  private static final int PROOF_OUTPUT_BYTES = 600;
  private static final Path RUN = Path.of("/run");

  private final Map<String, String> env;
  private volatile SandboxStatus proven;

  private Sandbox(Map<String, String> env) {
    this.env = Map.copyOf(env);
  }

  /** The sandbox as the environment {@code env} configures it ({@code KXM_SANDBOX_BWRAP}, PATH). */
  public static Sandbox of(Map<String, String> env) {
    return new Sandbox(env);
  }

  /**
   * Whether the sandbox runs here. A working tool is remembered; a missing or failing one is looked
   * for again on the next call, so installing it needs no restart.
   */
  public SandboxStatus status() {
    SandboxStatus known = proven;
    if (known != null) {
      return known.withNetwork(forwarder());
    }
    SandboxStatus found = probe();
    if (found.available()) {
      proven = found;
    }
    return found.withNetwork(forwarder());
  }

  /**
   * Whether a sandbox may let endpoints through: the forwarder {@code socat} that listens for them
   * inside, {@code KXM_SANDBOX_SOCAT} when set, else the first on {@code PATH}.
   */
  SandboxStatus.Network forwarder() {
    String configured = EnvSettings.of(env).string(SOCAT_SETTING);
    if (configured != null) {
      Path tool = executable(configured);
      return tool == null
          ? new SandboxStatus.Network(
              false,
              FORWARDER,
              null,
              SOCAT_SETTING + " names '" + configured + "', which is not an executable file")
          : new SandboxStatus.Network(true, FORWARDER, tool.toString(), "socat at " + tool);
    }
    Path tool = onPath(FORWARDER);
    return tool == null
        ? new SandboxStatus.Network(
            false,
            FORWARDER,
            null,
            FORWARDER
                + " is not on PATH; install the socat package or set "
                + SOCAT_SETTING
                + " to let a sandboxed harness reach its model provider")
        : new SandboxStatus.Network(true, FORWARDER, tool.toString(), "socat at " + tool);
  }

  /**
   * {@code argv} wrapped to run in the sandbox, with {@code writable} its working directory and the
   * only folder it may change besides its scratch {@code /tmp}.
   *
   * @param what names the process for a refusal, for example {@code gate 'tests'}
   * @throws KxmException {@code sandbox_unavailable} when the sandbox cannot run here
   */
  public List<String> wrap(List<String> argv, Path writable, String what) {
    SandboxStatus status = status();
    if (!status.available()) {
      throw new KxmException(
          ErrorCode.SANDBOX_UNAVAILABLE,
          what + " asks for the sandbox, which cannot run here: " + status.detail());
    }
    return command(Path.of(status.path()), argv, writable, true, List.of(), null, null);
  }

  /**
   * {@code argv} wrapped as {@link #wrap(List, Path, String)} does, with {@code scratch} folders
   * writable too (an agent CLI's private configuration), {@code folder} read-only unless {@code
   * writes}, and network to {@code endpoints} only: each answers inside on a loopback address and
   * its own port, relayed to the real host and port. The returned launch starts the process ({@link
   * SandboxLaunch#start}), or is closed when the process is not started.
   *
   * @throws KxmException {@code sandbox_unavailable} when the sandbox, or the forwarder that the
   *     endpoints need, cannot run here
   */
  public SandboxLaunch wrap(
      List<String> argv,
      Path folder,
      boolean writes,
      List<Path> scratch,
      List<SandboxEndpoint> endpoints,
      String what) {
    SandboxStatus status = status();
    if (!status.available()) {
      throw new KxmException(
          ErrorCode.SANDBOX_UNAVAILABLE,
          what + " asks for the sandbox, which cannot run here: " + status.detail());
    }
    if (endpoints.isEmpty()) {
      return new SandboxLaunch(
          command(Path.of(status.path()), argv, folder, writes, scratch, null, null), null);
    }
    if (!status.network().available()) {
      throw new KxmException(
          ErrorCode.SANDBOX_UNAVAILABLE,
          what
              + " asks for the sandbox with network to "
              + endpoints
              + ", which cannot be let through here: "
              + status.network().detail());
    }
    SandboxNetwork net = SandboxNetwork.open(endpoints);
    try {
      return new SandboxLaunch(
          command(
              Path.of(status.path()),
              argv,
              folder,
              writes,
              scratch,
              net,
              Path.of(status.network().path())),
          net);
    } catch (RuntimeException e) {
      net.close();
      throw e;
    }
  }

  List<String> command(Path bwrap, List<String> argv, Path writable) {
    return command(bwrap, argv, writable, true, List.of(), null, null);
  }

  List<String> command(
      Path bwrap,
      List<String> argv,
      Path writable,
      boolean writes,
      List<Path> scratch,
      SandboxNetwork net,
      Path socat) {
    if (argv.isEmpty()) {
      throw new IllegalArgumentException("a sandboxed command needs at least the program");
    }
    Path dir = writable.toAbsolutePath().normalize();
    if (dir.getNameCount() == 0) {
      throw new IllegalArgumentException("the sandbox's writable folder cannot be /");
    }
    List<String> out = new ArrayList<>();
    out.add(bwrap.toString());
    out.addAll(
        List.of(
            "--unshare-all",
            "--new-session",
            "--ro-bind",
            "/",
            "/",
            "--dev",
            "/dev",
            "--proc",
            "/proc",
            "--tmpfs",
            "/dev/shm"));
    if (net != null && net.lowPorts()) {
      // only inside its own network namespace: lets the forwarder listen on a provider's port 443
      out.addAll(List.of("--cap-add", "CAP_NET_BIND_SERVICE"));
    }
    record Mount(String option, Path at) {}
    List<Mount> mounts = new ArrayList<>();
    mounts.add(new Mount("--tmpfs", Path.of("/tmp")));
    // the sockets of the machine's services and of the user's session (an ssh or keyring agent)
    if (Files.isDirectory(RUN, LinkOption.NOFOLLOW_LINKS)) {
      mounts.add(new Mount("--tmpfs", RUN));
    }
    homes().forEach(home -> mounts.add(new Mount("--tmpfs", home)));
    mounts.add(new Mount(writes ? "--bind" : "--ro-bind", dir));
    for (Path s : scratch) {
      mounts.add(new Mount("--bind", s.toAbsolutePath().normalize()));
    }
    if (socat != null) {
      // seen where it lies, even under a home the sandbox hides
      mounts.add(new Mount("--ro-bind", socat));
    }
    // An outer mount must come first or it would hide the inner one (a worktree under the home or
    // under /tmp); the sort is stable, so a tmpfs and a bind on the same folder keep the bind.
    // A read-only folder is bound too: under the home or /tmp it would be hidden otherwise.
    mounts.sort(Comparator.comparingInt(m -> m.at().getNameCount()));
    for (Mount m : mounts) {
      out.add(m.option());
      if (!m.option().equals("--tmpfs")) {
        out.add(m.at().toString());
      }
      out.add(m.at().toString());
    }
    if (net != null) {
      out.addAll(net.mounts());
    }
    out.addAll(List.of("--setenv", "TMPDIR", "/tmp", "--chdir", dir.toString(), "--"));
    if (net != null) {
      out.addAll(List.of("/bin/sh", "-c", net.script(socat), "kxm-sandbox"));
    }
    out.addAll(argv);
    return List.copyOf(out);
  }

  /** The home folders to hide: {@code HOME} and the JVM's {@code user.home}, when real folders. */
  private Set<Path> homes() {
    Set<Path> homes = new LinkedHashSet<>();
    for (String candidate :
        new String[] {EnvSettings.of(env).string("HOME"), System.getProperty("user.home")}) {
      folder(candidate).ifPresent(homes::add);
    }
    return homes;
  }

  private static Optional<Path> folder(String candidate) {
    if (candidate == null || candidate.isBlank()) {
      return Optional.empty();
    }
    try {
      Path p = Path.of(candidate).toAbsolutePath().normalize();
      return p.getNameCount() > 0 && Files.isDirectory(p) ? Optional.of(p) : Optional.empty();
    } catch (InvalidPathException e) {
      return Optional.empty();
    }
  }

  private SandboxStatus probe() {
    String configured = EnvSettings.of(env).string(BWRAP_SETTING);
    Path tool;
    if (configured != null) {
      tool = executable(configured);
      if (tool == null) {
        return unavailable(
            null, BWRAP_SETTING + " names '" + configured + "', which is not an executable file");
      }
    } else {
      tool = onPath(TOOL);
      if (tool == null) {
        return unavailable(
            null, TOOL + " is not on PATH; install the bubblewrap package or set " + BWRAP_SETTING);
      }
    }
    return prove(tool);
  }

  private SandboxStatus prove(Path tool) {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    ProcessBuilder builder =
        new ProcessBuilder(command(tool, List.of("true"), tmp))
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().clear();
    builder.environment().putAll(env);
    try {
      Process p = builder.start();
      OutputCapture said = new OutputCapture(PROOF_OUTPUT_BYTES, 0);
      Thread drain =
          Thread.ofVirtual().name("sandbox-proof").start(() -> said.drain(p.getInputStream()));
      if (!p.waitFor(PROOF_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        return unavailable(tool, tool + " did not finish a trial run within " + PROOF_TIMEOUT);
      }
      drain.join(PROOF_TIMEOUT.toMillis());
      if (p.exitValue() != 0) {
        return unavailable(
            tool,
            tool
                + " failed a trial run (exit "
                + p.exitValue()
                + "): "
                + said.text().strip()
                + "; user namespaces may be turned off on this host");
      }
      return new SandboxStatus(true, TOOL, tool.toString(), "bubblewrap at " + tool);
    } catch (IOException e) {
      return unavailable(tool, tool + " could not be started: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return unavailable(tool, "the trial run of " + tool + " was interrupted");
    }
  }

  private Path onPath(String program) {
    return SearchPath.find(EnvSettings.of(env).string("PATH"), program)
        .map(found -> found.toAbsolutePath().normalize())
        .orElse(null);
  }

  private static Path executable(String candidate) {
    try {
      Path p = Path.of(candidate).toAbsolutePath().normalize();
      return Files.isRegularFile(p) && Files.isExecutable(p) ? p : null;
    } catch (InvalidPathException e) {
      return null;
    }
  }

  private static SandboxStatus unavailable(Path tool, String why) {
    return new SandboxStatus(false, TOOL, tool == null ? null : tool.toString(), why);
  }
}
