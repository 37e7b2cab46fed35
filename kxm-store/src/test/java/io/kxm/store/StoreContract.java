package io.kxm.store;

import io.kxm.core.agent.Agent;
import io.kxm.testkit.AgentRegistrationBuilder;
import io.kxm.testkit.SettableClock;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
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

  protected Agent agent(String name) {
    return store
        .agents()
        .register(AgentRegistrationBuilder.anAgent(name).inProject(project).build())
        .agent();
  }
}
