package io.kxm.store.jdbc;

import io.kxm.store.Tx;
import io.kxm.store.agent.AgentStore;
import io.kxm.store.agent.SqlAgentStore;
import io.kxm.store.context.ContextStore;
import io.kxm.store.context.SqlContextStore;
import io.kxm.store.lease.LeaseStore;
import io.kxm.store.lease.SqlLeaseStore;
import io.kxm.store.messaging.MessageStore;
import io.kxm.store.messaging.SendRateStore;
import io.kxm.store.messaging.SqlMessageStore;
import io.kxm.store.messaging.SqlSendRateStore;
import io.kxm.store.ops.OpsEventStore;
import io.kxm.store.ops.SqlOpsEventStore;
import io.kxm.store.reserve.ReservationStore;
import io.kxm.store.reserve.SqlReservationStore;
import io.kxm.store.stream.AgentEventStore;
import io.kxm.store.stream.SqlAgentEventStore;
import io.kxm.store.sync.SqlSyncEventStore;
import io.kxm.store.sync.SyncEventStore;
import io.kxm.store.token.HubTokenStore;
import io.kxm.store.token.SqlHubTokenStore;
import io.kxm.store.workflow.SignatureDigestStore;
import io.kxm.store.workflow.SqlSignatureDigestStore;
import io.kxm.store.workflow.SqlWorkflowJournalStore;
import io.kxm.store.workflow.SqlWorkflowRunStore;
import io.kxm.store.workflow.WorkflowJournalStore;
import io.kxm.store.workflow.WorkflowRunStore;
import java.time.Clock;

/** A {@link Tx} whose ports all run on one connection, in its current transaction. */
public final class SqlTx implements Tx {
  private final AgentStore agents;
  private final MessageStore messages;
  private final SendRateStore sendRates;
  private final AgentEventStore agentEvents;
  private final LeaseStore leases;
  private final ReservationStore reservations;
  private final WorkflowRunStore workflowRuns;
  private final WorkflowJournalStore workflowJournal;
  private final SignatureDigestStore signatureDigests;
  private final SyncEventStore syncEvents;
  private final ContextStore context;
  private final HubTokenStore hubTokens;
  private final OpsEventStore opsEvents;

  public SqlTx(Jdbc jdbc, Clock clock) {
    this.agents = new SqlAgentStore(jdbc, clock);
    this.messages = new SqlMessageStore(jdbc, clock);
    this.sendRates = new SqlSendRateStore(jdbc, clock);
    this.agentEvents = new SqlAgentEventStore(jdbc, clock);
    this.leases = new SqlLeaseStore(jdbc, clock);
    this.reservations = new SqlReservationStore(jdbc, clock);
    this.workflowRuns = new SqlWorkflowRunStore(jdbc);
    this.workflowJournal = new SqlWorkflowJournalStore(jdbc);
    this.signatureDigests = new SqlSignatureDigestStore(jdbc);
    this.syncEvents = new SqlSyncEventStore(jdbc, clock);
    this.context = new SqlContextStore(jdbc);
    this.hubTokens = new SqlHubTokenStore(jdbc, clock);
    this.opsEvents = new SqlOpsEventStore(jdbc, clock);
  }

  @Override
  public AgentStore agents() {
    return agents;
  }

  @Override
  public MessageStore messages() {
    return messages;
  }

  @Override
  public SendRateStore sendRates() {
    return sendRates;
  }

  @Override
  public AgentEventStore agentEvents() {
    return agentEvents;
  }

  @Override
  public LeaseStore leases() {
    return leases;
  }

  @Override
  public ReservationStore reservations() {
    return reservations;
  }

  @Override
  public WorkflowRunStore workflowRuns() {
    return workflowRuns;
  }

  @Override
  public WorkflowJournalStore workflowJournal() {
    return workflowJournal;
  }

  @Override
  public SignatureDigestStore signatureDigests() {
    return signatureDigests;
  }

  @Override
  public SyncEventStore syncEvents() {
    return syncEvents;
  }

  @Override
  public ContextStore context() {
    return context;
  }

  @Override
  public HubTokenStore hubTokens() {
    return hubTokens;
  }

  @Override
  public OpsEventStore opsEvents() {
    return opsEvents;
  }
}
