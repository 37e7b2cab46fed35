package io.kxm.hub.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.error.ErrorCode;
import io.kxm.fanout.InProcessLiveBus;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Refused requests are logged off the request thread: the caller returns before the entry is
 * written, and while the writing thread is behind, entries past the queue's bound are dropped and
 * counted, within the per-second cap.
 */
class ErrorOpsTest {
  private static final Principal ALPHA = new Principal.Project("alpha");
  @TempDir Path dir;
  private final SettableClock clock = SettableClock.atEpochSecond(1_900_000_000L);
  private final CountDownLatch held = new CountDownLatch(1);
  private final ExecutorService background = Executors.newSingleThreadExecutor();
  private Store store;
  private InProcessLiveBus bus;
  private ErrorOps errors;

  @BeforeEach
  void start() {
    store = Stores.open(StoreConfig.sqlite(dir.resolve("kxm.db")), clock);
    bus = new InProcessLiveBus();
    errors = new ErrorOps(new StreamWriter(store, bus), clock, background);
    // The writing thread is busy until the test lets it go.
    background.execute(() -> {
      try {
        held.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
  }

  @AfterEach
  void stop() {
    held.countDown();
    background.shutdownNow();
    bus.close();
    store.close();
  }

  @Test
  void a_refusal_returns_before_its_entry_is_written_and_the_entry_follows() {
    errors.refused("GET", "/v1/agents/{agentId}/inbox", 401, ErrorCode.AUTH_INVALID, ALPHA);

    assertThat(entries()).isZero();
    held.countDown();
    await().atMost(Duration.ofSeconds(10)).until(() -> entries() == 1);
    assertThat(errors.dropped()).isZero();
  }

  @Test
  void entries_past_the_queue_bound_are_dropped_and_counted_and_the_rest_are_written() {
    int seconds = ErrorOps.MAX_QUEUED / ErrorOps.PER_SECOND + 1;
    for (int s = 0; s < seconds; s++) {
      // One more than the cap each second: the cap turns it away before the queue sees it.
      for (int i = 0; i <= ErrorOps.PER_SECOND; i++) {
        errors.refused("POST", "/v1/projects/{project}/agents", 403, ErrorCode.AUTH_INVALID, ALPHA);
      }
      clock.tick(Duration.ofSeconds(1));
    }

    long offered = (long) seconds * ErrorOps.PER_SECOND;
    assertThat(errors.dropped()).isEqualTo(offered - ErrorOps.MAX_QUEUED);
    held.countDown();
    await().atMost(Duration.ofSeconds(10)).until(() -> entries() == ErrorOps.MAX_QUEUED);
  }

  @Test
  void a_refusal_after_the_writing_thread_stopped_is_dropped_and_counted() {
    background.shutdownNow();

    errors.refused("GET", "/v1/ops/events", 500, ErrorCode.INTERNAL, ALPHA);

    assertThat(errors.dropped()).isEqualTo(1);
  }

  private long entries() {
    return store.opsEvents().readAfter(0, null, 1_000).stream()
        .filter(e -> e.kind().equals(ErrorOps.ERROR))
        .count();
  }
}
