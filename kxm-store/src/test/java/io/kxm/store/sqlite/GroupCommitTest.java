package io.kxm.store.sqlite;

import static io.kxm.testkit.AgentRegistrationBuilder.anAgent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.agent.Agent;
import io.kxm.store.StoreConfig;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Many writers share one commit, and none of them hears back before it is durable. */
class GroupCommitTest {
  @TempDir Path folder;
  private SqliteStore store;

  @BeforeEach
  void open() {
    store =
        SqliteStore.open(
            StoreConfig.sqlite(folder.resolve("kxm.db")),
            SettableClock.atEpochSecond(1_900_000_000));
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void sixteen_threads_writing_at_once_all_commit_before_they_return() throws Exception {
    int threads = 16;
    int perThread = 40;
    long batchesBefore = store.writer().batches();
    List<Future<Integer>> results = new ArrayList<>();
    try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
      for (int t = 0; t < threads; t++) {
        int thread = t;
        results.add(
            pool.submit(() -> {
              int seenAtOnce = 0;
              for (int i = 0; i < perThread; i++) {
                Agent agent =
                    store
                        .agents()
                        .register(anAgent("agent-" + thread + "-" + i).inProject("load").build())
                        .agent();
                // A reader on another connection sees the write the moment the call returns.
                if (store.read(tx -> tx.agents().findById(agent.id())).isPresent()) {
                  seenAtOnce++;
                }
              }
              return seenAtOnce;
            }));
      }
    }

    for (Future<Integer> result : results) {
      assertThat(result.get()).isEqualTo(perThread);
    }
    assertThat(store.agents().listByProject("load")).hasSize(threads * perThread);
    assertThat(store.writer().batches() - batchesBefore).isLessThan(threads * perThread);
  }

  @Test
  void a_failing_write_is_rolled_back_alone_and_the_rest_of_its_batch_commits() {
    CountDownLatch inWriter = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<Void> blocker =
        CompletableFuture.runAsync(() ->
            store.write(tx -> {
              inWriter.countDown();
              awaitUninterruptibly(release);
              return null;
            }));
    awaitUninterruptibly(inWriter);
    long batchesBefore = store.writer().batches();

    List<CompletableFuture<Agent>> good = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      String name = "good-" + i;
      good.add(
          CompletableFuture.supplyAsync(
              () -> store.agents().register(anAgent(name).inProject("batch").build()).agent()));
    }
    CompletableFuture<Agent> bad =
        CompletableFuture.supplyAsync(() ->
            store.write(tx -> {
              tx.agents().register(anAgent("bad").inProject("batch").build());
              throw new IllegalStateException("refused after writing");
            }));
    await().until(() -> store.writer().waiting() == 5);
    assertThat(good).noneMatch(CompletableFuture::isDone);

    release.countDown();

    blocker.join();
    assertThat(good).allSatisfy(f -> assertThat(f.join().name()).startsWith("good-"));
    assertThat(bad)
        .failsWithin(java.time.Duration.ofSeconds(10))
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .withCauseInstanceOf(IllegalStateException.class);
    assertThat(store.agents().listByProject("batch"))
        .extracting(Agent::name)
        .containsExactly("good-0", "good-1", "good-2", "good-3");
    assertThat(store.writer().batches() - batchesBefore).isEqualTo(1);
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CompletionException(e);
    }
  }
}
