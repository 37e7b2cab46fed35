// Makes the old-format SQLite files that the migration tests ship, with the classes of a build
// before Flyway managed the runtime's files. Run with that build's jar on the class path:
//   OUT=/tmp/oldfiles jshell --class-path kxm.jar make-old-files.jsh
import io.kxm.core.json.Json;
import io.kxm.knowledge.*;
import io.kxm.knowledge.evolve.*;
import io.kxm.runtime.api.Revisions;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.store.*;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.store.SqliteSessionStore;
import io.kxm.store.*;
import io.kxm.supervisor.*;
import java.nio.file.*;
import java.sql.*;
import java.time.*;

Path out = Path.of(System.getenv("OUT"));
Instant at = Instant.parse("2026-12-01T12:00:00Z");
Clock clock = Clock.fixed(at, ZoneOffset.UTC);

void sql(Path db, String... statements) throws Exception {
  try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
      Statement s = c.createStatement()) {
    for (String statement : statements) s.execute(statement);
  }
}

// The hub's store, at its newest Flyway version, with two agents.
try (Store store = Stores.open(StoreConfig.sqlite(out.resolve("kxm.db")), clock)) {}
for (String id : new String[] {"agt_old_1", "agt_old_2"}) {
  sql(out.resolve("kxm.db"), "INSERT INTO agents (id, project, name, name_key, key_hash, created_at, connected_at, last_seen_at, lease_expires_at) VALUES ('" + id + "', 'prj_old', '" + id + "', '" + id + "', '" + "0".repeat(64) + "', 1, 1, 1, 1)");
}

// A project's run event store: two created runs.
try (RunEventStore events = RunEventStore.open(out.resolve("events.db"))) {
  for (String run : new String[] {"run_old_1", "run_old_2"}) {
    events.create(run, at, Batch.of(new RunEvent.RunCreated("build", "a".repeat(64), new Revisions("b1", "m1", "e1", "t1"))));
  }
}

// The supervisor's session store: one session with one run and a message.
try (SqliteSessionStore sessions = SqliteSessionStore.open(out.resolve("sessions.db"), clock)) {
  var session = sessions.createSession("/work/old", new HarnessSpec(HarnessSpec.COMMAND, java.util.List.of("true")), "model-old");
  var run = sessions.createRun(session.id(), "old prompt", null);
  sessions.appendMessage(session.id(), run.id(), "user", "old message");
}

// The knowledge database with the evolve loop's tables (created by EvolutionStore) and rows.
try (KnowledgeDatabase db = KnowledgeDatabase.open(out.resolve("knowledge.db"), clock)) {
  EvolutionStore evolve = new EvolutionStore(db);
  evolve.begin("c".repeat(64), new EvolveSettings(1, 2, 1, 0, 0, false, false, false, false, null), at);
  new KnowledgeEntries(db).add(new NewEntry(EntryType.INSIGHT, "attempts", "task-old", null, 1, 0, "agent-1", null, "an old insight", null));
}

// The machine registry at version 2, as this build writes it, with a supervisor and a project.
try (Registry registry = Registry.open(out.resolve("registry-v2.db"))) {
  registry.claim(new SupervisorRow("rt_old", 4242, 47000, "d".repeat(64), at, at, "running", "127.0.0.1"));
  registry.register(Path.of("/work/old-project"), "prj_old", "rt_old", at);
  registry.recordRun("run_old_1", ProjectEntry.keyOf(Path.of("/work/old-project")));
}

// The registry at version 1, as builds before the host column wrote it (by hand: this build only
// writes version 2).
sql(out.resolve("registry-v1.db"),
    "CREATE TABLE supervisor (id INTEGER PRIMARY KEY CHECK (id = 1), runtime_id TEXT NOT NULL, pid INTEGER NOT NULL, port INTEGER NOT NULL, token_sha256 TEXT NOT NULL, started_at TEXT NOT NULL, heartbeat_at TEXT NOT NULL, state TEXT NOT NULL) STRICT",
    "CREATE TABLE projects (project_key TEXT PRIMARY KEY, project_id TEXT NOT NULL, canonical_root TEXT NOT NULL UNIQUE, home_runtime TEXT NOT NULL, registered_at TEXT NOT NULL) STRICT",
    "CREATE TABLE runs (run_id TEXT PRIMARY KEY, project_key TEXT NOT NULL REFERENCES projects (project_key)) STRICT",
    "INSERT INTO supervisor VALUES (1, 'rt_old', 4242, 47000, '" + "d".repeat(64) + "', '" + at + "', '" + at + "', 'running')",
    "INSERT INTO projects VALUES ('key_old', 'prj_old', '/work/old-project', 'rt_old', '" + at + "')",
    "PRAGMA user_version = 1");

// Small files: fold the log in and drop free pages.
for (String name : new String[] {"kxm.db", "events.db", "sessions.db", "knowledge.db", "registry-v1.db", "registry-v2.db"}) {
  sql(out.resolve(name), "PRAGMA journal_mode = DELETE", "PRAGMA page_size = 1024", "VACUUM");
}
/exit
