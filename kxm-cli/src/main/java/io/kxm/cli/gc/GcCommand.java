package io.kxm.cli.gc;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.retention.Purge;
import io.kxm.core.retention.PurgeResult;
import io.kxm.hub.retention.HubRetention;
import io.kxm.knowledge.KnowledgeRetention;
import io.kxm.knowledge.KnowledgeStore;
import io.kxm.knowledge.KnowledgeStores;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.project.ProjectRuntime;
import io.kxm.runtime.project.RunEventLogs;
import io.kxm.runtime.receipt.ReceiptKeys;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.retention.RuntimeRetention;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.session.api.SessionStore;
import io.kxm.session.retention.SessionsPurge;
import io.kxm.session.store.SessionStores;
import io.kxm.store.Dialect;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.supervisor.SupervisorPaths;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code kxm gc}: runs every retention purge now, the same purges the hub and the supervisor run by
 * themselves, over this project's hub store and run store and this user's session store (and any
 * knowledge database named). It opens each store itself rather than asking the process that owns
 * it: the hub's and the runtime's SQLite files are in WAL mode, where a second process writes in
 * its turn under the busy timeout, and every purge is a row delete in short transactions that the
 * owner then sees like any other commit. A store file that does not exist yet is skipped.
 */
@Command(
    name = "gc",
    mixinStandardHelpOptions = true,
    description = {
      "Run every retention purge now over this project's and this user's stores, and print",
      "per store what was removed (with --dry-run: what would be, changing nothing).",
      "The windows are the KXM_*_RETENTION_MS settings the hub and the supervisor read."
    })
public final class GcCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--dry-run", description = "Count what would be removed; change nothing.")
  boolean dryRun;

  @Option(names = "--json", description = "Print the results as one JSON object.")
  boolean json;

  @Option(
      names = "--knowledge-db",
      paramLabel = "FILE",
      description = "Also purge this knowledge database (repeatable).")
  List<Path> knowledgeDbs = new ArrayList<>();

  public GcCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Clock clock = Clock.systemUTC();
    Instant now = clock.instant();
    Map<String, String> env = context.env();
    Path root = context.workingDir();
    StatePaths state = context.statePaths();
    RuntimeRetention runtime = RuntimeRetention.fromEnvironment(env);
    List<PurgeResult> results = new ArrayList<>();

    StoreConfig hubStore = StoreConfig.fromEnvironment(root, env);
    if (hubStore.dialect() == Dialect.POSTGRES || exists(hubStore.sqlitePath())) {
      try (Store store = Stores.open(hubStore, clock)) {
        results.addAll(HubRetention.fromEnvironment(store, root, env).purge(now, dryRun));
      }
    }
    if (Files.isDirectory(root.resolve(".kxm"), LinkOption.NOFOLLOW_LINKS)) {
      Path canonical = ProjectKeys.canonical(root);
      try (RunEventLogs logs = RunEventLogs.fromEnvironment(state, env, clock)) {
        if (logs.onPostgres()
            || exists(ProjectKeys.eventStore(state, ProjectKeys.key(canonical)))) {
          try (ProjectRuntime project =
              ProjectRuntime.forHousekeeping(state, logs, canonical, clock)) {
            results.addAll(project.retention(runtime.runs()).purge(now, dryRun));
          }
        }
      }
    }
    Path sessionsDb = SupervisorPaths.of(state).sessionsDb();
    RuntimeDatabase database = RuntimeDatabase.fromEnvironment(env);
    if (SessionStores.exists(database, sessionsDb)) {
      Receipts signer = new Receipts(ReceiptKeys.loadOrCreate(ProjectKeys.receiptKey(state)));
      try (SessionStore sessions = SessionStores.open(database, sessionsDb, clock, signer)) {
        results.addAll(purge(new SessionsPurge(sessions, runtime.sessions()), now));
      }
    }
    // On PostgreSQL every path leads to the one knowledge schema, which is purged once.
    List<Path> knowledgeFiles =
        database.onPostgres() ? knowledgeDbs.stream().limit(1).toList() : knowledgeDbs;
    for (Path file : knowledgeFiles) {
      try (KnowledgeStore knowledge = KnowledgeStores.open(database, root.resolve(file), clock)) {
        results.addAll(
            purge(
                new KnowledgeRetention(
                    "knowledge " + knowledge.location(), knowledge, runtime.knowledge()),
                now));
      }
    }
    print(results);
    return 0;
  }

  private List<PurgeResult> purge(Purge purge, Instant now) {
    return purge.purge(now, dryRun);
  }

  private void print(List<PurgeResult> results) {
    if (json) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (PurgeResult r : results) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("store", r.store());
        row.put("what", r.what());
        row.put("removed", r.removed());
        row.put("kept", r.cutoff());
        rows.add(row);
      }
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("dryRun", dryRun);
      out.put("results", rows);
      context.out().println(Json.write(out));
      return;
    }
    if (results.isEmpty()) {
      context.out().println("gc: no store of this project or user exists yet; nothing to purge");
      return;
    }
    String verb = dryRun ? "would remove" : "removed";
    int width = results.stream().mapToInt(r -> r.store().length()).max().orElse(5);
    for (PurgeResult r : results) {
      context
          .out()
          .printf(
              "%-" + width + "s  %s %d %s (%s)%n",
              r.store(),
              verb,
              r.removed(),
              r.what(),
              r.cutoff());
    }
    if (dryRun) {
      context.out().println("dry run: nothing was changed; run kxm gc to remove them");
    }
  }

  private static boolean exists(Path file) {
    return file != null && Files.exists(file, LinkOption.NOFOLLOW_LINKS);
  }
}
