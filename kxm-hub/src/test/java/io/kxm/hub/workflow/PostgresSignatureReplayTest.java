package io.kxm.hub.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.WorkflowHub;
import io.kxm.hub.support.Workflows;
import io.kxm.store.PostgresLocation;
import io.kxm.store.StoreConfig;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Two hub nodes on one PostgreSQL schema: a signature one node accepted, the other refuses. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresSignatureReplayTest {
  @TempDir static Path dir;
  PostgresSchema schema;
  WorkflowHub nodeA;
  WorkflowHub nodeB;
  AgentClient lead;

  @BeforeAll
  void start() {
    schema = PostgresSchema.create("sig_replay");
    StoreConfig config =
        StoreConfig.postgres(
                new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, schema.name()))
            .withPoolSize(4);
    nodeA = new WorkflowHub(dir.resolve("a"), config, Map.of());
    nodeB = new WorkflowHub(dir.resolve("b"), config, Map.of());
    lead = nodeA.agent("lead");
  }

  @AfterAll
  void stop() throws Exception {
    try {
      if (nodeB != null) {
        nodeB.close();
      }
      if (nodeA != null) {
        nodeA.close();
      }
    } finally {
      schema.close();
    }
  }

  private int runs() {
    return nodeA.store.workflowRuns().listByProject("alpha").size();
  }

  @Test
  void a_webhook_node_a_accepted_is_signature_replayed_on_node_b() {
    String body = "{\"version\":\"1.2.3\"}";
    Http.Response first = Workflows.start(nodeA.http, "pg-1", body, nodeA.clock.instant());
    assertThat(first.status()).as(first.body()).isEqualTo(201);
    int before = runs();

    Http.Response replayed = Workflows.start(nodeB.http, "pg-1", body, nodeA.clock.instant());

    assertThat(replayed.status()).as(replayed.body()).isEqualTo(409);
    assertThat(replayed.errorCode()).isEqualTo("signature_replayed");
    assertThat(runs()).isEqualTo(before);
  }

  @Test
  void a_signal_node_a_applied_is_signature_replayed_on_node_b() {
    String runId = nodeA.startRun("pg-2");
    Http.Response waited =
        lead.post(
            "/workflows/runs/" + runId + "/wait",
            Json.write(Map.of("stageId", "implement", "signalKey", "ci", "summary", "CI runs")));
    assertThat(waited.status()).as(waited.body()).isEqualTo(200);
    Map<String, Object> failed = Map.of("signalKey", "ci", "status", "failed");
    Http.Response applied =
        Workflows.signal(nodeA.http, runId, "pg-sig", failed, nodeA.clock.instant());
    assertThat(applied.status()).as(applied.body()).isEqualTo(200);
    int version = nodeA.store.workflowRuns().find(runId).orElseThrow().version();

    Http.Response replayed =
        Workflows.signal(nodeB.http, runId, "pg-sig", failed, nodeA.clock.instant());

    assertThat(replayed.status()).as(replayed.body()).isEqualTo(409);
    assertThat(replayed.errorCode()).isEqualTo("signature_replayed");
    assertThat(nodeB.store.workflowRuns().find(runId).orElseThrow().version()).isEqualTo(version);
  }

  @Test
  void of_two_nodes_sent_one_signed_webhook_at_once_exactly_one_accepts_it() throws Exception {
    String body = "{\"version\":\"2.0\"}";
    int before = runs();
    CyclicBarrier together = new CyclicBarrier(2);
    ExecutorService senders = Executors.newFixedThreadPool(2);
    List<CompletableFuture<Http.Response>> answers =
        List.of(nodeA, nodeB).stream()
            .map(node ->
                CompletableFuture.supplyAsync(
                    () -> {
                      try {
                        together.await();
                      } catch (Exception e) {
                        throw new IllegalStateException(e);
                      }
                      return Workflows.start(node.http, "pg-race", body, nodeA.clock.instant());
                    },
                    senders))
            .toList();

    List<Integer> statuses;
    try {
      statuses = answers.stream().map(a -> a.join().status()).sorted().toList();
    } finally {
      senders.shutdownNow();
    }

    assertThat(statuses).containsExactly(201, 409);
    assertThat(runs()).isEqualTo(before + 1);
  }
}
