package io.kxm.cli.stores;

import io.kxm.cli.CliContext;
import io.kxm.cli.evolve.EvolveDb;
import io.kxm.cli.stores.StoreFile.Kind;
import io.kxm.cli.stores.StoreFile.Owner;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.ProjectPaths;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.policy.ToolPolicies;
import io.kxm.runtime.hub.RuntimeAgent;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.prompt.PromptSidecar;
import io.kxm.runtime.store.PostgresRunEventLog;
import io.kxm.runtime.store.RunEventStore;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.runtime.sync.HubBinding;
import io.kxm.session.store.SqliteSessionStore;
import io.kxm.store.Dialect;
import io.kxm.store.PostgresLocation;
import io.kxm.store.StoreConfig;
import io.kxm.supervisor.SupervisorPaths;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Every store file this machine keeps for one project folder and one user state root: the hub's
 * store, each project's runtime files, the supervisor's files and the state and credential files.
 * The paths come from the classes that open each file, so this list never keeps rules of its own.
 * Only files that exist are listed; the hub's PostgreSQL store is listed when {@code
 * KXM_DATABASE_URL} selects it, and the runtime's schema of runs when {@code
 * KXM_RUNTIME_DATABASE_URL} does (its runs then have no {@code run-events} file).
 */
public final class StoreInventory {
  public static final String HUB = "hub";
  public static final String HUB_CLAIM = "hub-claim";
  public static final String HUB_ENV = "hub-env";
  public static final String EVOLVE = "evolve";
  public static final String SESSION_KEY = "session-key";
  public static final String SESSION_TOKEN = "session-token";
  public static final String REGISTRY = "registry";
  public static final String SESSIONS = "sessions";
  public static final String SESSION_HEADS = "session-heads";
  public static final String SUPERVISOR_TOKEN = "supervisor-token";
  public static final String RECEIPT_KEY = "receipt-key";
  public static final String RECEIPT_PUBLIC_KEY = "receipt-key.pub";
  public static final String RUN_EVENTS = "run-events";
  public static final String RUN_HEADS = "run-heads";
  public static final String RUN_PROMPTS = "run-prompts";
  public static final String HUB_BINDING = "hub-binding";
  public static final String HUB_AGENT = "hub-agent";

  /** The runtime's PostgreSQL schema of runs, when {@code KXM_RUNTIME_DATABASE_URL} selects one. */
  public static final String RUNTIME_RUNS = "runtime-runs";

  /** The machine's stores, in the order they are listed; the hub's SQLite store comes first. */
  private static final List<Entry> MACHINE =
      List.of(
          new Entry(HUB, Kind.SQLITE, Owner.HUB),
          new Entry(HUB_CLAIM, Kind.STATE_FILE, Owner.HUB),
          new Entry(EVOLVE, Kind.SQLITE, Owner.CLI),
          new Entry(HUB_ENV, Kind.SECRET, Owner.HUB),
          new Entry(SESSION_KEY, Kind.SECRET, Owner.CLI),
          new Entry(SESSION_TOKEN, Kind.SECRET, Owner.CLI),
          new Entry(REGISTRY, Kind.SQLITE, Owner.SUPERVISOR),
          new Entry(SESSIONS, Kind.SQLITE, Owner.SUPERVISOR),
          new Entry(SESSION_HEADS, Kind.SQLITE, Owner.SUPERVISOR),
          new Entry(SUPERVISOR_TOKEN, Kind.SECRET, Owner.SUPERVISOR),
          new Entry(RECEIPT_KEY, Kind.SECRET, Owner.SUPERVISOR),
          new Entry(RECEIPT_PUBLIC_KEY, Kind.STATE_FILE, Owner.SUPERVISOR));

  /** Each project's runtime files, named {@code <family>:<project key>}. */
  private static final List<Entry> PER_PROJECT =
      List.of(
          new Entry(RUN_EVENTS, Kind.SQLITE, Owner.SUPERVISOR),
          new Entry(RUN_HEADS, Kind.SQLITE, Owner.SUPERVISOR),
          new Entry(RUN_PROMPTS, Kind.STATE_FILE, Owner.SUPERVISOR),
          new Entry(HUB_BINDING, Kind.SECRET, Owner.SUPERVISOR),
          new Entry(HUB_AGENT, Kind.SECRET, Owner.SUPERVISOR));

  private static final Pattern PROJECT_KEY = Pattern.compile("[0-9a-f]{24}");

  private final ProjectPaths project;
  private final StatePaths state;
  private final Map<String, String> env;

  public StoreInventory(ProjectPaths project, StatePaths state, Map<String, String> env) {
    this.project = project;
    this.state = state;
    this.env = Map.copyOf(env);
  }

  /** The stores of the command's project folder and state root. */
  public static StoreInventory of(CliContext context) {
    return new StoreInventory(context.projectPaths(), context.statePaths(), context.env());
  }

  public ProjectPaths project() {
    return project;
  }

  public StatePaths state() {
    return state;
  }

  /** The hub's PostgreSQL store, when {@code KXM_DATABASE_URL} selects one. */
  public Optional<PostgresLocation> postgres() {
    String url = env.get("KXM_DATABASE_URL");
    if (url == null || url.isBlank()) {
      return Optional.empty();
    }
    StoreConfig config = StoreConfig.fromEnvironment(project.root(), env);
    return config.dialect() == Dialect.POSTGRES ? Optional.of(config.postgres()) : Optional.empty();
  }

  /**
   * Where the PostgreSQL store {@code file} lives: the hub's database or the runtime's schema of
   * runs; empty for any other entry.
   */
  public Optional<PostgresLocation> postgres(StoreFile file) {
    return switch (file.name()) {
      case HUB -> postgres();
      case RUNTIME_RUNS -> runtimeRuns();
      default -> Optional.empty();
    };
  }

  /** The runtime's schema of runs, when {@code KXM_RUNTIME_DATABASE_URL} selects PostgreSQL. */
  private Optional<PostgresLocation> runtimeRuns() {
    RuntimeDatabase runtime = RuntimeDatabase.fromEnvironment(env);
    return runtime.onPostgres()
        ? Optional.of(runtime.schemaFor(PostgresRunEventLog.STORE))
        : Optional.empty();
  }

  /** Every store that exists now, hub first, then the user state root, then each project key. */
  public List<StoreFile> files() {
    List<StoreFile> files = new ArrayList<>();
    if (postgres().isPresent()) {
      files.add(new StoreFile(HUB, Kind.POSTGRES, null, Owner.HUB));
    }
    if (runtimeRuns().isPresent()) {
      files.add(new StoreFile(RUNTIME_RUNS, Kind.POSTGRES, null, Owner.SUPERVISOR));
    }
    for (Entry entry : MACHINE) {
      addIfPresent(files, entry, entry.family());
    }
    for (String key : projectKeys(SupervisorPaths.of(state))) {
      for (Entry entry : PER_PROJECT) {
        addIfPresent(files, entry, entry.family() + ":" + key);
      }
    }
    return List.copyOf(files);
  }

  /** The entry {@code name} would be on this machine, whether or not its file exists now. */
  public Optional<StoreFile> entry(String name) {
    if (HUB.equals(name) && postgres().isPresent()) {
      return Optional.of(new StoreFile(HUB, Kind.POSTGRES, null, Owner.HUB));
    }
    if (RUNTIME_RUNS.equals(name) && runtimeRuns().isPresent()) {
      return Optional.of(new StoreFile(RUNTIME_RUNS, Kind.POSTGRES, null, Owner.SUPERVISOR));
    }
    int colon = name.indexOf(':');
    String family = colon < 0 ? name : name.substring(0, colon);
    List<Entry> entries = colon < 0 ? MACHINE : PER_PROJECT;
    return entries.stream()
        .filter(e -> e.family().equals(family))
        .findFirst()
        .flatMap(e -> pathOf(name).map(path -> new StoreFile(name, e.kind(), path, e.owner())));
  }

  /**
   * Where the store named {@code name} lives on this machine, whether or not it exists now: what a
   * restore writes to. Empty for a name this build does not know.
   */
  private Optional<Path> pathOf(String name) {
    int colon = name.indexOf(':');
    String family = colon < 0 ? name : name.substring(0, colon);
    String key = colon < 0 ? null : name.substring(colon + 1);
    SupervisorPaths supervisor = SupervisorPaths.of(state);
    Path receiptKey = ProjectKeys.receiptKey(state);
    if (key != null) {
      if (!PROJECT_KEY.matcher(key).matches()) {
        return Optional.empty();
      }
      Path events = ProjectKeys.eventStore(state, key);
      return switch (family) {
        case RUN_EVENTS -> Optional.of(events);
        case RUN_HEADS -> Optional.of(events.resolveSibling(RunEventStore.HEADS_FILE));
        case RUN_PROMPTS -> Optional.of(events.resolveSibling(PromptSidecar.FILE_NAME));
        case HUB_BINDING -> Optional.of(HubBinding.file(state, key));
        case HUB_AGENT -> Optional.of(events.resolveSibling(RuntimeAgent.FILE));
        default -> Optional.empty();
      };
    }
    return switch (family) {
      case HUB -> postgres().isPresent() ? Optional.empty() : Optional.of(project.dataPath());
      case HUB_CLAIM -> Optional.of(project.hubPidFile());
      case EVOLVE -> Optional.of(EvolveDb.defaultFile(project));
      case HUB_ENV -> Optional.of(state.hubEnv());
      case SESSION_KEY -> Optional.of(state.sessionKey());
      case SESSION_TOKEN -> Optional.of(ToolPolicies.sessionTokenFile(env));
      case REGISTRY -> Optional.of(supervisor.registry());
      case SESSIONS -> Optional.of(supervisor.sessionsDb());
      case SESSION_HEADS ->
          Optional.of(supervisor.sessionsDb().resolveSibling(SqliteSessionStore.HEADS_FILE));
      case SUPERVISOR_TOKEN -> Optional.of(supervisor.tokenFile());
      case RECEIPT_KEY -> Optional.of(receiptKey);
      case RECEIPT_PUBLIC_KEY ->
          Optional.of(receiptKey.resolveSibling(receiptKey.getFileName() + ".pub"));
      default -> Optional.empty();
    };
  }

  private void addIfPresent(List<StoreFile> files, Entry entry, String name) {
    pathOf(name)
        .filter(path -> Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS))
        .ifPresent(path -> files.add(new StoreFile(name, entry.kind(), path, entry.owner())));
  }

  /** The project keys with a runtime folder, in name order. */
  private record Entry(String family, Kind kind, Owner owner) {}

  private static List<String> projectKeys(SupervisorPaths supervisor) {
    Path projects = supervisor.runtimeDir().resolve("projects");
    if (!Files.isDirectory(projects, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    List<String> keys = new ArrayList<>();
    try (DirectoryStream<Path> folders = Files.newDirectoryStream(projects)) {
      for (Path folder : folders) {
        String name = folder.getFileName().toString();
        if (PROJECT_KEY.matcher(name).matches()
            && Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
          keys.add(name);
        }
      }
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot list " + projects + ": " + e.getMessage(), e);
    }
    keys.sort(null);
    return keys;
  }
}
