package io.kxm.bench.fault;

import io.kxm.bench.Fs;
import io.kxm.bench.Log;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of the suite's own, made with {@code initdb} in a temporary folder and
 * listening on a free loopback port, so restarting it disturbs no one (the shared server on 5432 is
 * never touched). PostgreSQL refuses to run as root, so as root it runs as the {@code postgres}
 * user, which gets the folder.
 */
final class PrivatePostgres implements AutoCloseable {
  private final Path bin;
  private final Path home;
  private final Path data;
  private final int port;
  private final boolean asRoot;
  private boolean running;

  private PrivatePostgres(Path bin, Path home, int port, boolean asRoot) {
    this.bin = bin;
    this.home = home;
    this.data = home.resolve("data");
    this.port = port;
    this.asRoot = asRoot;
  }

  /** Initializes a cluster and starts it; stopped and deleted by {@link #close()}. */
  static PrivatePostgres start() throws Exception {
    Path bin = binaries();
    boolean asRoot = "root".equals(System.getProperty("user.name"));
    // Under the system temp folder, not the stage's 0700 folder, so the postgres user reaches it.
    Path home = Files.createTempDirectory("kxm-fault-pg-");
    PrivatePostgres pg = new PrivatePostgres(bin, home, FreePort.pick(), asRoot);
    try {
      if (asRoot) {
        Commands.check(List.of("chown", "-R", "postgres:postgres", home.toString()), 20);
      }
      pg.run(
          List.of(
              bin.resolve("initdb").toString(),
              "-D",
              pg.data.toString(),
              "-A",
              "trust",
              "-U",
              "postgres",
              "--no-sync"),
          120);
      pg.startAgain();
      return pg;
    } catch (Exception e) {
      pg.close();
      throw e;
    }
  }

  private static Path binaries() throws NotRunnable, IOException {
    Path root = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(root)) {
      try (Stream<Path> versions = Files.list(root)) {
        var found =
            versions
                .map(v -> v.resolve("bin"))
                .filter(b -> Files.isExecutable(b.resolve("pg_ctl")))
                .max(Comparator.comparing(b -> versionOf(b.getParent())));
        if (found.isPresent()) {
          return found.get();
        }
      }
    }
    Path pgCtl = Commands.onPath("pg_ctl");
    if (pgCtl != null && Commands.onPath("initdb") != null) {
      return pgCtl.getParent();
    }
    throw new NotRunnable(
        "no PostgreSQL server programs (initdb, pg_ctl) under /usr/lib/postgresql or on PATH");
  }

  private static int versionOf(Path dir) {
    try {
      return Integer.parseInt(dir.getFileName().toString().replaceAll("\\D.*", ""));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** Starts the cluster on its data folder and port, and waits until it accepts connections. */
  void startAgain() throws IOException {
    run(
        List.of(
            bin.resolve("pg_ctl").toString(),
            "-D",
            data.toString(),
            "-l",
            home.resolve("postgres.log").toString(),
            "-o",
            "-p " + port + " -k " + home + " -c listen_addresses=127.0.0.1",
            "-w",
            "-t",
            "60",
            "start"),
        90);
    running = true;
    Log.info("started a private PostgreSQL on port " + port);
  }

  /** Stops it at once, as a crash would: no checkpoint, recovery from the WAL on next start. */
  void stopImmediately() throws IOException {
    stop("immediate");
    Log.info("stopped the private PostgreSQL (immediate)");
  }

  private void stop(String mode) throws IOException {
    run(
        List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", mode, "-w", "stop"),
        60);
    running = false;
  }

  /** The hub's {@code KXM_DATABASE_URL} for it. */
  String url() {
    return "postgresql://postgres@127.0.0.1:" + port + "/postgres";
  }

  int port() {
    return port;
  }

  /** A session run's event seqs as the runtime's sessions schema holds them, in order. */
  List<Long> sessionRunSeqs(String schemaPrefix, String runId) throws Exception {
    List<Long> seqs = new ArrayList<>();
    try (Connection c =
            DriverManager.getConnection(
                "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres");
        PreparedStatement q =
            c.prepareStatement(
                "SELECT seq FROM "
                    + schemaPrefix
                    + "_sessions.events WHERE run_id = ? ORDER BY seq")) {
      q.setString(1, runId);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          seqs.add(rs.getLong(1));
        }
      }
    }
    return seqs;
  }

  private void run(List<String> command, long timeoutSeconds) throws IOException {
    List<String> full = new ArrayList<>();
    if (asRoot) {
      full.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    full.addAll(command);
    Commands.check(full, timeoutSeconds);
  }

  @Override
  public void close() {
    if (running) {
      try {
        stop("fast");
      } catch (IOException e) {
        Log.warn("could not stop the private PostgreSQL: " + e.getMessage());
      }
    }
    Fs.deleteQuietly(home);
  }

  @Override
  public String toString() {
    return "private PostgreSQL on port " + port;
  }
}
