package io.kxm.runtime.sync;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.store.RunEventLog;
import io.kxm.runtime.store.RunEventStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The outbox of every project event store on this machine ({@code
 * runtime/projects/<key>/run-events.db} under the state root), for commands that run beside the
 * supervisor such as {@code kxm runtime sync-retry}. The stores are opened when this is, and closed
 * with it.
 */
public final class EventStoreOutboxes implements ProjectOutboxes, AutoCloseable {
  private static final Pattern KEY = Pattern.compile("[0-9a-f]{24}");

  private final List<RunEventLog> stores;
  private final List<ProjectOutbox> outboxes;

  private EventStoreOutboxes(List<RunEventLog> stores, List<ProjectOutbox> outboxes) {
    this.stores = stores;
    this.outboxes = outboxes;
  }

  /** Opens the event store of each project folder, in key order; none when there are none. */
  public static EventStoreOutboxes open(StatePaths state) {
    Path projects = state.root().resolve("runtime").resolve("projects");
    List<RunEventLog> stores = new ArrayList<>();
    List<ProjectOutbox> outboxes = new ArrayList<>();
    if (!Files.isDirectory(projects, LinkOption.NOFOLLOW_LINKS)) {
      return new EventStoreOutboxes(stores, outboxes);
    }
    try (Stream<Path> folders = Files.list(projects)) {
      for (Path folder : folders.sorted().toList()) {
        String key = folder.getFileName().toString();
        Path db = folder.resolve("run-events.db");
        if (!KEY.matcher(key).matches() || !Files.isRegularFile(db, LinkOption.NOFOLLOW_LINKS)) {
          continue;
        }
        RunEventLog store = RunEventStore.open(db);
        stores.add(store);
        outboxes.add(new ProjectOutbox(key, RUN_EVENTS, store.outbox(key)));
      }
    } catch (IOException e) {
      stores.forEach(RunEventLog::close);
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot list " + projects + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      stores.forEach(RunEventLog::close);
      throw e;
    }
    return new EventStoreOutboxes(stores, List.copyOf(outboxes));
  }

  @Override
  public List<ProjectOutbox> all() {
    return outboxes;
  }

  @Override
  public void close() {
    stores.forEach(RunEventLog::close);
  }
}
