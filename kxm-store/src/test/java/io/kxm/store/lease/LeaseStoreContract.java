package io.kxm.store.lease;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.lease.Lease;
import io.kxm.core.lease.LeaseOutcome;
import io.kxm.store.StoreContract;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The fencing rules every {@link LeaseStore} must follow, timed by a settable clock. */
public abstract class LeaseStoreContract extends StoreContract {
  private static final Duration TTL = Duration.ofSeconds(30);

  private LeaseOutcome acquire(String holder) {
    return store.leases().acquire(project, "deploy", holder, TTL);
  }

  private static Lease held(LeaseOutcome outcome) {
    assertThat(outcome).isInstanceOf(LeaseOutcome.Held.class);
    return ((LeaseOutcome.Held) outcome).lease();
  }

  @Test
  void a_free_resource_is_granted_with_fencing_token_one() {
    Instant now = clock.instant();

    Lease lease = held(acquire("alice"));

    assertThat(lease).isEqualTo(new Lease(project, "deploy", "alice", 1, now, now, now.plus(TTL)));
    assertThat(store.leases().find(project, "deploy")).contains(lease);
  }

  @Test
  void a_valid_lease_refuses_another_holder() {
    Lease alice = held(acquire("alice"));
    clock.tick(TTL.minusMillis(1));

    assertThat(acquire("bob")).isEqualTo(new LeaseOutcome.Busy(alice));
  }

  @Test
  void the_holder_acquiring_again_keeps_its_token_and_extends_the_deadline() {
    Lease first = held(acquire("alice"));
    clock.tick(Duration.ofSeconds(10));

    Lease again = held(acquire("alice"));

    assertThat(again.fencingToken()).isEqualTo(first.fencingToken());
    assertThat(again.acquiredAt()).isEqualTo(first.acquiredAt());
    assertThat(again.expiresAt()).isEqualTo(clock.instant().plus(TTL));
  }

  @Test
  void another_holder_taking_over_an_expired_lease_gets_the_next_token() {
    held(acquire("alice"));
    clock.tick(TTL);

    Lease bob = held(acquire("bob"));
    clock.tick(TTL);
    Lease carol = held(acquire("carol"));

    assertThat(bob.fencingToken()).isEqualTo(2);
    assertThat(bob.acquiredAt()).isEqualTo(clock.instant().minus(TTL));
    assertThat(carol.fencingToken()).isEqualTo(3);
  }

  @Test
  void the_same_holder_retaking_its_expired_lease_keeps_the_token() {
    held(acquire("alice"));
    clock.tick(TTL.plusSeconds(5));

    Lease again = held(acquire("alice"));

    assertThat(again.fencingToken()).isEqualTo(1);
    assertThat(again.acquiredAt()).isEqualTo(clock.instant());
  }

  @Test
  void only_the_holder_renews_and_only_while_the_lease_is_valid() {
    Lease alice = held(acquire("alice"));
    clock.tick(Duration.ofSeconds(20));

    Lease renewed = held(store.leases().renew(project, "deploy", "alice", TTL));
    assertThat(renewed.fencingToken()).isEqualTo(alice.fencingToken());
    assertThat(renewed.renewedAt()).isEqualTo(clock.instant());
    assertThat(renewed.expiresAt()).isEqualTo(clock.instant().plus(TTL));

    assertThat(store.leases().renew(project, "deploy", "bob", TTL))
        .isEqualTo(new LeaseOutcome.NotHolder(Optional.of(renewed)));
    clock.tick(TTL);
    assertThat(store.leases().renew(project, "deploy", "alice", TTL))
        .isEqualTo(new LeaseOutcome.NotHolder(Optional.of(renewed)));
    assertThat(store.leases().renew(project, "nothing-here", "alice", TTL))
        .isEqualTo(new LeaseOutcome.NotHolder(Optional.empty()));
  }

  @Test
  void a_released_lease_is_kept_and_the_next_holder_gets_a_higher_token() {
    held(acquire("alice"));

    assertThat(store.leases().release(project, "deploy", "bob"))
        .isInstanceOf(LeaseOutcome.NotHolder.class);
    LeaseOutcome released = store.leases().release(project, "deploy", "alice");
    assertThat(released)
        .isInstanceOfSatisfying(
            LeaseOutcome.Released.class,
            r -> assertThat(r.lease().validAt(clock.instant())).isFalse());

    assertThat(held(acquire("bob")).fencingToken()).isEqualTo(2);
  }

  @Test
  void leases_are_scoped_to_their_project_and_resource() {
    held(acquire("alice"));

    assertThat(held(store.leases().acquire(project, "release", "bob", TTL)).fencingToken())
        .isEqualTo(1);
    assertThat(held(store.leases().acquire(project + "-other", "deploy", "bob", TTL)).holder())
        .isEqualTo("bob");
  }

  @Test
  void ended_leases_are_purged_only_after_the_retention_cutoff() {
    held(acquire("alice"));
    held(store.leases().acquire(project, "recent", "alice", TTL));
    clock.tick(Duration.ofDays(8));
    held(store.leases().acquire(project, "recent", "alice", TTL));

    int purged = store.leases().purgeEndedBefore(clock.instant().minus(Duration.ofDays(7)));

    assertThat(purged).isGreaterThanOrEqualTo(1);
    assertThat(store.leases().find(project, "deploy")).isEmpty();
    assertThat(store.leases().find(project, "recent")).isPresent();
  }

  @Test
  void concurrent_takers_of_a_free_resource_leave_exactly_one_holder() throws Exception {
    List<LeaseOutcome> outcomes = concurrently(8, i -> acquire("holder-" + i));

    assertThat(outcomes).filteredOn(o -> o instanceof LeaseOutcome.Held).hasSize(1);
    assertThat(outcomes).filteredOn(o -> o instanceof LeaseOutcome.Busy).hasSize(7);
    assertThat(store.leases().find(project, "deploy").orElseThrow().fencingToken()).isEqualTo(1);
  }
}
