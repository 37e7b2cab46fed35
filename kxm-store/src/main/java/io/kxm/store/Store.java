package io.kxm.store;

import io.kxm.store.agent.AgentStore;
import io.kxm.store.lease.LeaseStore;
import io.kxm.store.messaging.MessageStore;
import io.kxm.store.ops.OpsPorts;
import io.kxm.store.stream.AgentEventStore;
import io.kxm.store.sync.SyncPorts;
import io.kxm.store.workflow.WorkflowPorts;

/**
 * An open, migrated store. The port accessors run each call in its own transaction; use {@link
 * #write} to combine several calls in one. Thread-safe.
 */
public interface Store extends Transactions, WorkflowPorts, SyncPorts, OpsPorts, AutoCloseable {

  Dialect dialect();

  /** What opening did to the schema: its version before and after, and any backup made. */
  MigrationReport migration();

  /**
   * Checks that the database answers and carries the schema this code expects.
   *
   * @throws io.kxm.core.error.KxmException {@code STORE_UNAVAILABLE} when it does not
   */
  void checkReady();

  /** Connection and queue figures for monitoring; cheap enough to read on every scrape. */
  PoolStats poolStats();

  AgentStore agents();

  MessageStore messages();

  AgentEventStore agentEvents();

  LeaseStore leases();

  /** Finishes queued writes, then releases connections and threads. Idempotent. */
  @Override
  void close();
}
