package io.kxm.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.Revisions;
import io.kxm.runtime.receipt.ReceiptKeys;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.run.RunChain;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StoredEvent;
import io.kxm.store.PostgresLocation;
import io.kxm.store.postgres.PostgresDatabase;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run event log on PostgreSQL: the contract every log keeps, each test in a schema of its own,
 * and a second handle with its own pool standing for another runtime instance.
 */
class PostgresRunEventLogTest extends RunEventLogContract {
  private static final String PROJECT = "0123456789abcdef01234567";

  @TempDir Path dir;
  private PostgresSchema schema;
  private Receipts signer;
  private final List<PostgresDatabase> databases = new ArrayList<>();

  @Override
  protected RunEventLog openFresh() {
    schema = PostgresSchema.create("runs");
    signer = new Receipts(ReceiptKeys.loadOrCreate(dir.resolve("receipt-key")));
    return handle(PROJECT);
  }

  @Override
  protected RunEventLog reopen() {
    return handle(PROJECT);
  }

  /** A log of {@code project} on a pool of its own, as another instance would open it. */
  private RunEventLog handle(String project) {
    RuntimeDatabase runtime =
        new RuntimeDatabase(
            Optional.of(new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, null)),
            schema.name(),
            2);
    PostgresDatabase database = PostgresRunEventLog.openDatabase(runtime, Clock.systemUTC());
    databases.add(database);
    return PostgresRunEventLog.open(database, project, signer);
  }

  @AfterEach
  void dropSchema() throws SQLException {
    databases.forEach(PostgresDatabase::close);
    if (schema != null) {
      schema.close();
    }
  }

  @Test
  void two_instances_appending_to_one_run_take_turns_and_lose_no_event() throws Exception {
    log.create(
        "run_1",
        Instant.parse("2030-01-01T00:00:00Z"),
        Batch.of(
            new RunEvent.RunCreated("build", "ab12", new Revisions("b", "m", "e", "t"), null)));
    int perWriter = 25;
    List<Integer> landed;
    try (RunEventLog other = reopen()) {
      landed = appendTogether(List.of(log, other), perWriter);
    }

    List<StoredEvent> events = log.events("run_1");
    assertThat(landed).containsExactly(perWriter, perWriter);
    assertThat(events).extracting(StoredEvent::sequence).doesNotHaveDuplicates();
    assertThat(events).hasSize(1 + 2 * perWriter);
    assertThat(events.getLast().sequence()).isEqualTo(events.size());
    assertThat(RunChain.verify("run_1", events).ok()).isTrue();
    // each decision saw every event the other instance had committed before it
    for (StoredEvent e : events.subList(1, events.size())) {
      assertThat(e.body()).contains("\"reason\":\"after " + (e.sequence() - 1) + "\"");
    }
    assertThat(log.outbox("p").counts().pending()).isEqualTo(events.size());
    assertThat(log.signedHead("run_1"))
        .hasValueSatisfying(head -> assertThat(head.sequence()).isEqualTo(events.size()));
  }

  @Test
  void projects_sharing_the_schema_see_only_their_own_runs_and_sync_rows() {
    log.create(
        "run_1",
        Instant.parse("2030-01-01T00:00:00Z"),
        Batch.of(
            new RunEvent.RunCreated("build", "ab12", new Revisions("b", "m", "e", "t"), null)));
    RunEventLog other = handle("fedcba9876543210fedcba98");

    assertThat(other.runIds()).isEmpty();
    assertThat(other.events("run_1")).isEmpty();
    assertThat(other.outbox("q").pending(10)).isEmpty();
    long row = log.outbox("p").pending(10).getFirst().rowId();
    assertThatThrownBy(() -> other.outbox("q").acknowledge(row))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND));
    assertThat(log.outbox("p").counts().pending()).isEqualTo(1);
    other.create(
        "run_1",
        Instant.parse("2030-01-01T00:00:01Z"),
        Batch.of(new RunEvent.RunCreated("ship", "cd34", new Revisions("b", "m", "e", "t"), null)));
    assertThat(other.load("run_1").workflowId()).isEqualTo("ship");
    assertThat(log.load("run_1").workflowId()).isEqualTo("build");
  }

  private static List<Integer> appendTogether(List<RunEventLog> handles, int perWriter)
      throws Exception {
    CyclicBarrier start = new CyclicBarrier(handles.size());
    Instant at = Instant.parse("2030-02-01T00:00:00Z");
    try (ExecutorService pool = Executors.newFixedThreadPool(handles.size())) {
      List<Future<Integer>> writers = new ArrayList<>();
      for (RunEventLog handle : handles) {
        writers.add(
            pool.submit(() -> {
              start.await();
              for (int i = 0; i < perWriter; i++) {
                handle.append(
                    "run_1",
                    at,
                    s ->
                        Batch.of(
                            new RunEvent.RunMoved(
                                s.status() == RunStatus.CREATED
                                    ? RunStatus.QUEUED
                                    : RunStatus.CREATED,
                                "after " + s.lastSequence())));
              }
              return perWriter;
            }));
      }
      List<Integer> landed = new ArrayList<>();
      for (Future<Integer> writer : writers) {
        landed.add(writer.get());
      }
      return landed;
    }
  }
}
