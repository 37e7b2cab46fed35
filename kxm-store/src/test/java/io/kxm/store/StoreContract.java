package io.kxm.store;

import io.kxm.core.agent.Agent;
import io.kxm.testkit.AgentRegistrationBuilder;
import io.kxm.testkit.SettableClock;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;

/**
 * Base of every port's contract suite: one store per test class, opened by the backend subclass,
 * and a fresh project per test so tests never see each other's rows. The clock only moves forward.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class StoreContract {
  protected final SettableClock clock = new SettableClock(Instant.parse("2030-01-01T00:00:00Z"));
  protected Store store;
  protected String project;

  /** Opens this backend's store; called once per class. */
  protected abstract Store open(Clock clock);

  @BeforeAll
  void openStore() {
    store = open(clock);
  }

  /** Runs after the store closed, for the backend to drop what it made. */
  protected void cleanUp() throws Exception {}

  @AfterAll
  void closeStore() throws Exception {
    if (store != null) {
      store.close();
    }
    cleanUp();
  }

  @BeforeEach
  void freshProject() {
    project = "p-" + UUID.randomUUID();
  }

  /**
   * Runs {@code task(0..n-1)} on {@code n} threads released together, and returns the results in
   * task order.
   */
  protected static <T> List<T> concurrently(int n, IntFunction<T> task) throws Exception {
    CyclicBarrier start = new CyclicBarrier(n);
    try (ExecutorService pool = Executors.newFixedThreadPool(n)) {
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        int index = i;
        futures.add(
            pool.submit(() -> {
              start.await();
              return task.apply(index);
            }));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(future.get());
      }
      return results;
    }
  }

  protected Agent agent(String name) {
    return store
        .agents()
        .register(AgentRegistrationBuilder.anAgent(name).inProject(project).build())
        .agent();
  }
}
