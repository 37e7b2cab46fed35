package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.fanout.FanoutSettings;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.supervisor.SupervisorHttp.Reply;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Two supervisors (child JVMs, each with its own state home) on one PostgreSQL database and one
 * Redis: a session created on A runs its turns on A whichever instance is sent the prompt, a client
 * following the session on B sees every event once and in order, answers and cancels reach the run
 * across instances, and when A is killed B reconciles A's run only after A's lease lapsed, leaves
 * its own run alone, and carries A's pending question on in a continuation run.
 */
class SharedInstancesTest {
  private static final Duration LEASE = Duration.ofSeconds(10);

  @TempDir Path dir;
  private PostgresSchema prefix;

  @BeforeEach
  void freshPrefix() {
    Services.requireRedis();
    prefix = PostgresSchema.create("shr");
  }

  @AfterEach
  void dropSchemas() throws SQLException {
    if (prefix != null) {
      prefix.close();
    }
  }

  private Map<String, String> env() {
    return Map.of(
        RuntimeDatabase.URL,
        "postgresql://" + Services.PG_USER + "@127.0.0.1:5432/test",
        RuntimeDatabase.SCHEMA,
        prefix.name(),
        InstanceMembership.LEASE,
        Long.toString(LEASE.toMillis()),
        FanoutSettings.RUNTIME_REDIS_URL,
        Services.redisUrl(),
        // its own channels, so that no other test's wake-ups reach these instances
        FanoutSettings.CHANNEL_PREFIX,
        prefix.name());
  }

  @Test
  void two_instances_share_sessions_and_a_survivor_adopts_only_the_dead_ones_runs()
      throws Exception {
    Path workspace = Files.createDirectories(dir.resolve("workspace"));
    ChildSupervisor a = ChildSupervisor.start(dir.resolve("a"), env());
    try (ChildSupervisor b = ChildSupervisor.start(dir.resolve("b"), env())) {
      SessionCalls onA = new SessionCalls(a.url(), a.token());
      SessionCalls onB = new SessionCalls(b.url(), b.token());
      String instanceA = instanceAt(a.url());
      String instanceB = instanceAt(b.url());

      String session = onA.createSession(workspace, SessionCalls.echoAgent());
      List<Long> followedOnB = new CopyOnWriteArrayList<>();
      Thread follower = follow(onB, session, followedOnB);

      // Prompts sent alternately to A and B all run on A, the session's owner, one at a time.
      List<String> runs = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        SessionCalls sentTo = i % 2 == 0 ? onA : onB;
        String runId = sentTo.submitted(session, "prompt " + i);
        runs.add(runId);
        awaitStatus(onB, runId, "completed");
        assertThat(onA.run(runId).path("run").path("finalMessage").asString())
            .isEqualTo("echo: prompt " + i);
      }
      for (String runId : runs) {
        assertThat(executorOf(runId)).as("who ran " + runId).isEqualTo(instanceA);
      }

      // What the dashboard and the console read, any instance serves for every session.
      Reply listedOnB = SupervisorHttp.get(b.url() + "/v1/sessions", b.token());
      assertThat(listedOnB.body().path("sessions").findValuesAsString("id")).contains(session);
      assertThat(onB.runs(session)).containsExactlyElementsOf(runs);

      // An answer given on B reaches the harness running on A.
      String answered = onB.submitted(session, "please approve the first write");
      String question = awaitQuestion(onB, answered);
      assertThat(resolve(b, answered, question, "go ahead").status()).isEqualTo(200);
      awaitStatus(onB, answered, "completed");
      assertThat(onB.run(answered).path("run").path("finalMessage").asString())
          .isEqualTo("approved: go ahead");

      // A cancel sent to B stops the run on A.
      String cancelled = onB.submitted(session, "please approve nothing");
      awaitQuestion(onB, cancelled);
      Reply cancel =
          SupervisorHttp.post(b.url() + "/v1/runs/" + cancelled + "/cancel", b.token(), "{}");
      assertThat(cancel.status()).as(cancel.body().toString()).isEqualTo(200);
      awaitStatus(onA, cancelled, "cancelled");

      // B's own session, with a run waiting for an answer on B.
      String sessionOnB = onB.createSession(workspace, SessionCalls.echoAgent());
      String runOnB = onB.submitted(sessionOnB, "please approve the write on b");
      String questionOnB = awaitQuestion(onB, runOnB);
      assertThat(executorOf(runOnB)).isEqualTo(instanceB);

      // A run on A waits for an approval, and A dies.
      String orphaned = onB.submitted(session, "please approve the write");
      String pending = awaitQuestion(onB, orphaned);
      Instant leaseEnd = leaseUntil(instanceA);
      a.crash();

      awaitStatus(onB, orphaned, "interrupted");
      JsonNode interrupted = onB.run(orphaned);
      assertThat(interrupted.path("run").path("error").asString()).isEqualTo("server_restart");
      assertThat(Instant.parse(interrupted.path("run").path("finishedAt").asString()))
          .as("reconciled after A's lease lapsed, not before")
          .isAfterOrEqualTo(leaseEnd);
      assertThat(interrupted.path("interactions").path(0).path("status").asString())
          .isEqualTo("pending");

      JsonNode untouched = onB.run(runOnB);
      assertThat(untouched.path("run").path("status").asString()).isEqualTo("running");
      assertThat(untouched.path("interactions").path(0).path("status").asString())
          .isEqualTo("pending");

      // The question asked on A is answered on B and carries on in a new run on B.
      Reply carried = resolve(b, orphaned, pending, "ship it");
      assertThat(carried.status()).as(carried.body().toString()).isEqualTo(200);
      String continuation = carried.body().path("continuation").path("id").asString();
      awaitStatus(onB, continuation, "completed");
      assertThat(onB.run(continuation).path("run").path("finalMessage").asString())
          .isEqualTo("resumed with approved: ship it");
      assertThat(executorOf(continuation)).isEqualTo(instanceB);

      // B's own run was never touched: it still takes its answer and completes.
      assertThat(resolve(b, runOnB, questionOnB, "fine").status()).isEqualTo(200);
      awaitStatus(onB, runOnB, "completed");
      assertThat(onB.run(runOnB).path("run").path("finalMessage").asString())
          .isEqualTo("approved: fine");

      // The client on B saw every event of the session once, in the store's order.
      List<Long> stored = storedSeqs(session);
      await().atMost(Duration.ofSeconds(30)).until(() -> followedOnB.size() >= stored.size());
      assertThat(followedOnB).isEqualTo(stored);
      follower.interrupt();
      for (String runId : List.of(orphaned, continuation, runOnB, answered)) {
        assertThat(onB.verify(runId).path("ok").asBoolean()).as(runId).isTrue();
      }
    } finally {
      a.crash();
    }
  }

  /** Follows the session's stream on {@code calls}, resuming after a cut, into {@code seen}. */
  private static Thread follow(SessionCalls calls, String session, List<Long> seen) {
    return Thread.ofVirtual()
        .start(() -> {
          while (!Thread.currentThread().isInterrupted()) {
            Map<String, String> from =
                seen.isEmpty() ? Map.of() : Map.of("Last-Event-ID", Long.toString(seen.getLast()));
            try (SseClient stream =
                SseClient.open(
                    calls.url() + "/v1/sessions/" + session + "/events", calls.token(), from)) {
              for (SseClient.Frame f = stream.next(); f != null; f = stream.next()) {
                seen.add(f.id());
              }
            } catch (UncheckedIOException | java.io.IOException e) {
              // cut: resume from the last event
            } catch (InterruptedException e) {
              return;
            }
          }
        });
  }

  private static String awaitQuestion(SessionCalls calls, String runId) {
    return await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> calls.run(runId).path("interactions").path(0).path("id").asString(""),
            id -> !id.isEmpty());
  }

  private static void awaitStatus(SessionCalls calls, String runId, String status) {
    await()
        .atMost(LEASE.multipliedBy(6))
        .until(() -> calls.run(runId).path("run").path("status").asString(), status::equals);
  }

  private static Reply resolve(
      ChildSupervisor supervisor, String runId, String interactionId, String answer)
      throws Exception {
    return SupervisorHttp.post(
        supervisor.url() + "/v1/runs/" + runId + "/interactions/" + interactionId + "/resolve",
        supervisor.token(),
        Json.write(Map.of("approved", true, "answer", answer)));
  }

  private String instanceAt(String url) throws SQLException {
    return one(
        "SELECT instance_id FROM " + prefix.name() + "_instances.runtime_instances WHERE url = ?",
        url);
  }

  private Instant leaseUntil(String instanceId) throws SQLException {
    return Instant.ofEpochMilli(
        Long.parseLong(
            one(
                "SELECT lease_until::text FROM "
                    + prefix.name()
                    + "_instances.runtime_instances WHERE instance_id = ?",
                instanceId)));
  }

  private String executorOf(String runId) throws SQLException {
    return one("SELECT instance_id FROM " + prefix.name() + "_sessions.runs WHERE id = ?", runId);
  }

  private List<Long> storedSeqs(String session) throws SQLException {
    try (Connection c = prefix.connect();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT seq FROM "
                    + prefix.name()
                    + "_sessions.events WHERE session_id = ? ORDER BY seq")) {
      s.setString(1, session);
      List<Long> out = new ArrayList<>();
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getLong(1));
        }
      }
      return out;
    }
  }

  private String one(String sql, String arg) throws SQLException {
    try (Connection c = prefix.connect();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, arg);
      try (ResultSet rs = s.executeQuery()) {
        assertThat(rs.next()).as(sql + " " + arg).isTrue();
        return rs.getString(1);
      }
    }
  }
}
