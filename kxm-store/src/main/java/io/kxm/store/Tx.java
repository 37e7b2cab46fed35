package io.kxm.store;

import io.kxm.store.agent.AgentStore;
import io.kxm.store.context.ContextPorts;
import io.kxm.store.lease.LeaseStore;
import io.kxm.store.messaging.MessageStore;
import io.kxm.store.messaging.SendRateStore;
import io.kxm.store.ops.OpsPorts;
import io.kxm.store.reserve.ReservationStore;
import io.kxm.store.stream.AgentEventStore;
import io.kxm.store.sync.SyncPorts;
import io.kxm.store.token.TokenPorts;
import io.kxm.store.workflow.WorkflowPorts;

/**
 * One transaction, handing out the ports bound to it. Port calls made through the same {@code Tx}
 * commit together: the hub inserts a message and appends its {@code message.queued} event in one.
 * Valid only inside the {@link Transactions#write} or {@link Transactions#read} call that gave it.
 */
public interface Tx extends WorkflowPorts, SyncPorts, ContextPorts, TokenPorts, OpsPorts {
  AgentStore agents();

  MessageStore messages();

  /** The courtesy rate limit's bucket per sending agent. */
  SendRateStore sendRates();

  AgentEventStore agentEvents();

  LeaseStore leases();

  /** Reservations of repository paths; see {@link ReservationStore#nextToken} for the lock. */
  ReservationStore reservations();
}
