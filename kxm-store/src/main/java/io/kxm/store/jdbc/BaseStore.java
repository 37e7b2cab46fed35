package io.kxm.store.jdbc;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.Dialect;
import io.kxm.store.MigrationReport;
import io.kxm.store.Store;
import io.kxm.store.Tx;
import io.kxm.store.agent.AgentStore;
import io.kxm.store.agent.RoutedAgentStore;
import io.kxm.store.lease.LeaseStore;
import io.kxm.store.lease.RoutedLeaseStore;
import io.kxm.store.messaging.MessageStore;
import io.kxm.store.messaging.RoutedMessageStore;
import io.kxm.store.ops.OpsEventStore;
import io.kxm.store.ops.RoutedOpsEventStore;
import io.kxm.store.stream.AgentEventStore;
import io.kxm.store.stream.RoutedAgentEventStore;
import io.kxm.store.sync.RoutedSyncEventStore;
import io.kxm.store.sync.SyncEventStore;
import io.kxm.store.workflow.RoutedSignatureDigestStore;
import io.kxm.store.workflow.RoutedWorkflowJournalStore;
import io.kxm.store.workflow.RoutedWorkflowRunStore;
import io.kxm.store.workflow.SignatureDigestStore;
import io.kxm.store.workflow.WorkflowJournalStore;
import io.kxm.store.workflow.WorkflowRunStore;
import java.time.Clock;
import java.util.function.Function;
import org.flywaydb.core.api.MigrationVersion;

/**
 * What both dialects share: transactions handing out {@link SqlTx}, the ports that run each call in
 * its own transaction, and the readiness check. A dialect supplies how a connection is had.
 */
public abstract class BaseStore implements Store {
  private final Dialect dialect;
  private final MigrationReport migration;
  private final Clock clock;
  protected final String name;
  private final AgentStore agents = new RoutedAgentStore(this);
  private final MessageStore messages = new RoutedMessageStore(this);
  private final AgentEventStore agentEvents = new RoutedAgentEventStore(this);
  private final LeaseStore leases = new RoutedLeaseStore(this);
  private final WorkflowRunStore workflowRuns = new RoutedWorkflowRunStore(this, Tx::workflowRuns);
  private final WorkflowJournalStore workflowJournal =
      new RoutedWorkflowJournalStore(this, Tx::workflowJournal);
  private final SignatureDigestStore signatureDigests =
      new RoutedSignatureDigestStore(this, Tx::signatureDigests);
  private final SyncEventStore syncEvents = new RoutedSyncEventStore(this);
  private final OpsEventStore opsEvents = new RoutedOpsEventStore(this);

  protected BaseStore(Dialect dialect, MigrationReport migration, Clock clock, String name) {
    this.dialect = dialect;
    this.migration = migration;
    this.clock = clock;
    this.name = name;
  }

  /** Runs {@code work} in a write transaction and returns once it committed. */
  protected abstract <T> T writeWith(Function<Jdbc, T> work);

  /** Runs {@code work} in a read-only transaction. */
  protected abstract <T> T readWith(Function<Jdbc, T> work);

  @Override
  public final <T> T write(Function<Tx, T> work) {
    return writeWith(jdbc -> work.apply(new SqlTx(jdbc, clock)));
  }

  @Override
  public final <T> T read(Function<Tx, T> work) {
    return readWith(jdbc -> work.apply(new SqlTx(jdbc, clock)));
  }

  @Override
  public void checkReady() {
    String applied;
    try {
      applied = readWith(BaseStore::appliedVersion);
    } catch (KxmException e) {
      if (e.code() == ErrorCode.STORE_UNAVAILABLE) {
        throw e;
      }
      throw new KxmException(
          ErrorCode.STORE_UNAVAILABLE, name + " is not ready: " + e.getMessage(), e);
    }
    if (!applied.equals(migration.to())) {
      throw new KxmException(
          ErrorCode.STORE_UNAVAILABLE,
          name + " is at schema " + applied + " but this KXM opened it at " + migration.to());
    }
  }

  private static String appliedVersion(Jdbc jdbc) {
    return jdbc
        .about("read the schema version")
        .list(
            "SELECT version FROM flyway_schema_history WHERE success AND version IS NOT NULL",
            row -> MigrationVersion.fromVersion(row.string("version")))
        .stream()
        .max(MigrationVersion::compareTo)
        .map(MigrationVersion::getVersion)
        .orElse("none");
  }

  @Override
  public final Dialect dialect() {
    return dialect;
  }

  @Override
  public final MigrationReport migration() {
    return migration;
  }

  @Override
  public final AgentStore agents() {
    return agents;
  }

  @Override
  public final MessageStore messages() {
    return messages;
  }

  @Override
  public final AgentEventStore agentEvents() {
    return agentEvents;
  }

  @Override
  public final LeaseStore leases() {
    return leases;
  }

  @Override
  public final WorkflowRunStore workflowRuns() {
    return workflowRuns;
  }

  @Override
  public final WorkflowJournalStore workflowJournal() {
    return workflowJournal;
  }

  @Override
  public final SignatureDigestStore signatureDigests() {
    return signatureDigests;
  }

  @Override
  public final SyncEventStore syncEvents() {
    return syncEvents;
  }

  @Override
  public final OpsEventStore opsEvents() {
    return opsEvents;
  }

  @Override
  public String toString() {
    return name;
  }
}
