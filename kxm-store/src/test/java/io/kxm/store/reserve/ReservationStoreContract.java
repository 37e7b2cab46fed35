package io.kxm.store.reserve;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.reserve.PathGlob;
import io.kxm.core.reserve.Reservation;
import io.kxm.core.reserve.ReservationMode;
import io.kxm.core.reserve.ReservationRequest;
import io.kxm.core.reserve.ReservationRules;
import io.kxm.store.StoreContract;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link ReservationStore} keeps: tokens, liveness, ends, and one winner per path. */
public abstract class ReservationStoreContract extends StoreContract {
  private static final Duration TTL = Duration.ofMinutes(5);

  private Reservation reservation(
      String holder, long token, ReservationMode mode, String... globs) {
    Instant now = clock.instant();
    return new Reservation(
        "rsv_" + UUID.randomUUID(),
        project,
        holder,
        holder + "-name",
        List.of(globs).stream().map(PathGlob::of).toList(),
        mode,
        "editing",
        token,
        now,
        now.plus(TTL),
        null);
  }

  /** What the hub does: take a token, compare with the live ones, record when nothing conflicts. */
  private Optional<Reservation> reserve(String holder, String... globs) {
    ReservationRequest wanted =
        ReservationRequest.of(List.of(globs), "exclusive", TTL.toMillis(), null);
    return store.write(tx -> {
      long token = tx.reservations().nextToken(project);
      List<Reservation> live = tx.reservations().live(project);
      if (!ReservationRules.conflicts(holder, wanted, live, clock.instant()).isEmpty()) {
        return Optional.<Reservation>empty();
      }
      Reservation made = reservation(holder, token, ReservationMode.EXCLUSIVE, globs);
      tx.reservations().insert(made);
      return Optional.of(made);
    });
  }

  private Optional<Reservation> find(String id) {
    return store.read(tx -> tx.reservations().find(project, id));
  }

  private List<Reservation> live() {
    return store.read(tx -> tx.reservations().live(project));
  }

  private Optional<Reservation> end(String id) {
    return store.write(tx -> tx.reservations().end(project, id));
  }

  @Test
  void tokens_count_up_from_one_in_each_project() {
    String other = "p-" + UUID.randomUUID();

    List<Long> tokens =
        store.write(tx ->
            List.of(
                tx.reservations().nextToken(project),
                tx.reservations().nextToken(project),
                tx.reservations().nextToken(other),
                tx.reservations().nextToken(project)));

    assertThat(tokens).containsExactly(1L, 2L, 1L, 3L);
  }

  @Test
  void a_recorded_reservation_reads_back_whole_and_is_live_until_its_deadline() {
    Reservation made = reserve("alice", "src/**", "README.md").orElseThrow();

    assertThat(find(made.id())).contains(made);
    assertThat(live()).containsExactly(made);

    clock.tick(TTL);
    assertThat(live()).isEmpty();
  }

  @Test
  void ending_a_reservation_stamps_it_and_takes_it_out_of_the_live_list() {
    Reservation made = reserve("alice", "src/**").orElseThrow();
    clock.tick(Duration.ofSeconds(3));

    Reservation ended = end(made.id()).orElseThrow();

    assertThat(ended.endedAt()).isEqualTo(clock.instant());
    assertThat(ended.end()).isEqualTo(clock.instant());
    assertThat(live()).isEmpty();
    clock.tick(Duration.ofSeconds(1));
    Reservation again = end(made.id()).orElseThrow();
    assertThat(again.endedAt()).as("a second end keeps the first").isEqualTo(ended.endedAt());
  }

  @Test
  void ending_an_unknown_reservation_finds_nothing() {
    assertThat(end("rsv_missing")).isEmpty();
  }

  @Test
  void an_overlapping_exclusive_reservation_of_another_agent_is_refused_and_its_own_is_not() {
    assertThat(reserve("alice", "src/api/**")).isPresent();

    assertThat(reserve("bob", "src/**/*.java")).isEmpty();
    assertThat(reserve("bob", "docs/**")).isPresent();
    assertThat(reserve("alice", "src/api/Routes.java")).isPresent();
  }

  @Test
  void of_many_agents_reserving_one_path_at_once_exactly_one_wins() throws Exception {
    List<Optional<Reservation>> outcomes =
        concurrently(8, i -> reserve("agent-" + i, "src/Main.java"));

    assertThat(outcomes.stream().filter(Optional::isPresent)).hasSize(1);
    assertThat(live()).hasSize(1);
  }

  @Test
  void purging_deletes_only_reservations_ended_before_the_cutoff() {
    Reservation released = reserve("alice", "a/**").orElseThrow();
    end(released.id());
    Reservation expiring = reserve("bob", "b/**").orElseThrow();
    clock.tick(TTL.plusSeconds(1));
    Reservation live = reserve("carol", "c/**").orElseThrow();

    int purged = store.write(tx -> tx.reservations().purgeEndedBefore(clock.instant()));

    assertThat(purged)
        .as("other tests of this store may have ended ones too")
        .isGreaterThanOrEqualTo(2);
    assertThat(find(released.id())).isEmpty();
    assertThat(find(expiring.id())).isEmpty();
    assertThat(find(live.id())).contains(live);
  }
}
