package io.kxm.store.agent;

import static io.kxm.testkit.AgentRegistrationBuilder.anAgent;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.agent.Agent;
import io.kxm.core.agent.AgentKeys;
import io.kxm.core.agent.Registered;
import io.kxm.store.StoreContract;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What every {@link AgentStore} must do, whatever the database. */
public abstract class AgentStoreContract extends StoreContract {

  @Test
  void registering_a_new_name_creates_an_agent_with_times_from_the_clock() {
    Instant now = clock.instant();
    Registered registered =
        store.agents().register(anAgent("Alice").inProject(project).model("m1").host("h1").build());

    Agent alice = registered.agent();
    assertThat(registered.created()).isTrue();
    assertThat(alice.id()).startsWith("agt_");
    assertThat(alice.name()).isEqualTo("Alice");
    assertThat(alice.model()).isEqualTo("m1");
    assertThat(alice.host()).isEqualTo("h1");
    assertThat(alice.createdAt()).isEqualTo(now);
    assertThat(alice.connectedAt()).isEqualTo(now);
    assertThat(alice.leaseExpiresAt()).isEqualTo(now.plus(Duration.ofMinutes(1)));
    assertThat(store.agents().findById(alice.id())).contains(alice);
  }

  @Test
  void reconnecting_under_the_same_name_in_any_case_keeps_the_id_and_rotates_the_key() {
    String firstKey = AgentKeys.generate();
    String secondKey = AgentKeys.generate();
    Agent first =
        store
            .agents()
            .register(anAgent("Alice").inProject(project).withKey(firstKey).purpose("old").build())
            .agent();
    clock.tick(Duration.ofSeconds(30));

    Registered again =
        store
            .agents()
            .register(
                anAgent("ALICE").inProject(project).withKey(secondKey).purpose("new").build());

    assertThat(again.created()).isFalse();
    assertThat(again.agent().id()).isEqualTo(first.id());
    assertThat(again.agent().name()).isEqualTo("Alice");
    assertThat(again.agent().purpose()).isEqualTo("new");
    assertThat(again.agent().createdAt()).isEqualTo(first.createdAt());
    assertThat(again.agent().connectedAt()).isEqualTo(clock.instant());
    assertThat(store.agents().keyMatches(first.id(), firstKey)).isFalse();
    assertThat(store.agents().keyMatches(first.id(), secondKey)).isTrue();
    assertThat(store.agents().findByKey(first.id(), firstKey)).isEmpty();
    assertThat(store.agents().findByKey(first.id(), secondKey))
        .hasValueSatisfying(agent -> assertThat(agent.purpose()).isEqualTo("new"));
  }

  @Test
  void a_retired_agent_is_found_by_nothing_its_key_fails_and_its_name_is_free_again() {
    String key = AgentKeys.generate();
    Agent old =
        store.agents().register(anAgent("Carol").inProject(project).withKey(key).build()).agent();

    assertThat(store.agents().retire(old.id())).contains(old);

    assertThat(store.agents().findById(old.id())).isEmpty();
    assertThat(store.agents().findByName(project, "carol")).isEmpty();
    assertThat(store.agents().listByProject(project)).isEmpty();
    assertThat(store.agents().keyMatches(old.id(), key)).isFalse();
    assertThat(store.agents().findByKey(old.id(), key)).isEmpty();
    assertThat(store.agents().renewPresence(old.id(), Duration.ofMinutes(1))).isEmpty();
    assertThat(store.agents().retire(old.id())).isEmpty();
    assertThat(store.agents().nameOf(old.id())).contains("Carol");
    Registered fresh = store.agents().register(anAgent("carol").inProject(project).build());
    assertThat(fresh.created()).isTrue();
    assertThat(fresh.agent().id()).isNotEqualTo(old.id());
  }

  @Test
  void offline_since_lists_live_agents_whose_lease_ended_before_the_cutoff_longest_first() {
    Agent first = agent("first");
    clock.tick(Duration.ofMinutes(1));
    Agent second = agent("second");
    Agent retired = agent("retired");
    store.agents().retire(retired.id());
    clock.tick(Duration.ofMinutes(10));
    Agent online = agent("online");

    assertThat(store.agents().offlineSince(project, clock.instant(), 10))
        .extracting(Agent::id)
        .containsExactly(first.id(), second.id());
    assertThat(store.agents().offlineSince(project, first.leaseExpiresAt().plusMillis(1), 10))
        .extracting(Agent::id)
        .containsExactly(first.id())
        .doesNotContain(online.id());
    assertThat(store.agents().offlineSince(project + "-other", clock.instant(), 10)).isEmpty();
  }

  @Test
  void a_project_spelled_otherwise_is_found_ignoring_case() {
    agent("alice");

    assertThat(store.agents().projectSpelledOtherwise(project.toUpperCase())).contains(project);
    assertThat(store.agents().projectSpelledOtherwise(project)).isEmpty();
  }

  @Test
  void only_the_key_matches_never_its_stored_hash_nor_an_unknown_agent() {
    String key = AgentKeys.generate();
    Agent alice =
        store.agents().register(anAgent("alice").inProject(project).withKey(key).build()).agent();

    assertThat(store.agents().keyMatches(alice.id(), AgentKeys.hash(key))).isFalse();
    assertThat(store.agents().keyMatches(alice.id(), null)).isFalse();
    assertThat(store.agents().keyMatches("agt_unknown", key)).isFalse();
  }

  @Test
  void the_same_name_in_another_project_is_another_agent() {
    Agent here = agent("bob");
    Agent there =
        store.agents().register(anAgent("bob").inProject(project + "-other").build()).agent();

    assertThat(there.id()).isNotEqualTo(here.id());
    assertThat(store.agents().findByName(project, "BOB")).map(Agent::id).contains(here.id());
    assertThat(store.agents().findByName(project, "carol")).isEmpty();
  }

  @Test
  void listing_a_project_returns_its_agents_by_name() {
    agent("carol");
    agent("Alice");
    agent("bob");
    store.agents().register(anAgent("dave").inProject(project + "-other").build());

    assertThat(store.agents().listByProject(project))
        .extracting(Agent::name)
        .containsExactly("Alice", "bob", "carol");
  }

  @Test
  void renewing_presence_extends_the_lease_from_now() {
    Agent alice = agent("alice");
    clock.tick(Duration.ofSeconds(50));

    Agent renewed = store.agents().renewPresence(alice.id(), Duration.ofMinutes(2)).orElseThrow();

    assertThat(renewed.lastSeenAt()).isEqualTo(clock.instant());
    assertThat(renewed.leaseExpiresAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(2)));
    assertThat(renewed.onlineAt(clock.instant().plusSeconds(119))).isTrue();
    assertThat(store.agents().renewPresence("agt_unknown", Duration.ofMinutes(1))).isEmpty();
  }

  @Test
  void ending_presence_makes_the_agent_offline_now() {
    Agent alice = agent("alice");

    Agent ended = store.agents().endPresence(alice.id()).orElseThrow();

    assertThat(ended.onlineAt(clock.instant())).isFalse();
  }

  @Test
  void concurrent_first_registrations_of_one_name_create_a_single_agent() throws Exception {
    List<Registered> results =
        concurrently(8, i -> store.agents().register(anAgent("racer").inProject(project).build()));

    assertThat(results).extracting(r -> r.agent().id()).containsOnly(results.get(0).agent().id());
    assertThat(results).filteredOn(Registered::created).hasSize(1);
    assertThat(store.agents().listByProject(project)).hasSize(1);
  }
}
