package io.kxm.store.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.context.Authority;
import io.kxm.core.context.Confidence;
import io.kxm.core.context.ContextItem;
import io.kxm.core.context.ContextKind;
import io.kxm.core.context.ContextOrigin;
import io.kxm.core.context.ContextProposal;
import io.kxm.core.context.ProposalStatus;
import io.kxm.core.context.Validity;
import io.kxm.core.search.SearchHit;
import io.kxm.store.StoreContract;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** What every {@link ContextStore} must do, on SQLite and on PostgreSQL. */
public abstract class ContextStoreContract extends StoreContract {
  private static final Set<ContextKind> ALL = EnumSet.allOf(ContextKind.class);

  private <T> T write(Function<ContextStore, T> work) {
    return store.write(tx -> work.apply(tx.context()));
  }

  private <T> T read(Function<ContextStore, T> work) {
    return store.read(tx -> work.apply(tx.context()));
  }

  private ContextItem item(String id, ContextKind kind, String key, Instant validTo) {
    return new ContextItem(
        id,
        project,
        kind,
        key,
        "summary of " + id,
        ContextOrigin.TOOL,
        Authority.EVIDENCE,
        Confidence.PROBABLE,
        Validity.CURRENT,
        List.of("jrn_1", "msg_2"),
        List.of(),
        "ops",
        clock.instant(),
        clock.instant(),
        validTo);
  }

  /** Ids are unique across projects, as generated ones are; tests share one store. */
  private String id(String base) {
    return base + "-" + project;
  }

  private List<ContextItem> items(Function<ContextStore, List<ContextItem>> work) {
    return read(work);
  }

  private Optional<ContextItem> state(Function<ContextStore, Optional<ContextItem>> work) {
    return read(work);
  }

  private List<ContextProposal> proposalList(Function<ContextStore, List<ContextProposal>> work) {
    return read(work);
  }

  private Optional<ContextProposal> proposalOf(
      Function<ContextStore, Optional<ContextProposal>> work) {
    return read(work);
  }

  private int count(Function<ContextStore, Integer> work) {
    return write(work);
  }

  private boolean ok(Function<ContextStore, Boolean> work) {
    return write(work);
  }

  /** Adds {@code value} as the state of {@code key} from now on, ending the one before. */
  private ContextItem setState(String id, String key) {
    ContextItem state = item(id, ContextKind.STATE, key, null);
    write(c -> {
      c.supersedeState(project, key, clock.instant());
      c.insert(state);
      return null;
    });
    return state;
  }

  @Test
  void an_item_reads_back_whole() {
    ContextItem stored = item(id("ctx_a"), ContextKind.KNOWLEDGE, null, null);
    write(c -> {
      c.insert(stored);
      return null;
    });

    assertThat(items(c -> c.find(project, List.of(id("ctx_a"), id("ctx_missing")))))
        .containsExactly(stored);
    assertThat(items(c -> c.find("other-project", List.of(id("ctx_a"))))).isEmpty();
  }

  @Test
  void current_reads_leave_out_ended_items_and_other_kinds_and_projects() {
    write(c -> {
      c.insert(item(id("ctx_b"), ContextKind.EVIDENCE, null, null));
      c.insert(item(id("ctx_a"), ContextKind.SKILL, null, null));
      c.insert(item(id("ctx_c"), ContextKind.EVIDENCE, null, null));
      c.insert(item(id("ctx_d"), ContextKind.EVIDENCE, null, clock.instant().plusSeconds(10)));
      c.end(project, id("ctx_c"), Validity.REJECTED, clock.instant());
      return null;
    });

    assertThat(items(c -> c.current(project, ALL, clock.instant(), true, 10)))
        .extracting(ContextItem::id)
        .containsExactly(id("ctx_a"), id("ctx_b"), id("ctx_d"));
    assertThat(items(c -> c.current(project, Set.of(ContextKind.SKILL), clock.instant(), true, 10)))
        .extracting(ContextItem::id)
        .containsExactly(id("ctx_a"));
    // Past its end, an item no longer holds, before and after the sweep marks it expired.
    Instant later = clock.instant().plusSeconds(11);
    assertThat(items(c -> c.current(project, ALL, later, true, 10)))
        .extracting(ContextItem::id)
        .containsExactly(id("ctx_a"), id("ctx_b"));
    assertThat(count(c -> c.expire(later))).isGreaterThanOrEqualTo(1);
    assertThat(items(c -> c.find(project, List.of(id("ctx_d")))).getFirst().validity())
        .isEqualTo(Validity.EXPIRED);
    assertThat(items(c -> c.current("other-project", ALL, clock.instant(), true, 10))).isEmpty();
  }

  @Test
  void state_as_of_returns_the_value_in_force_then() {
    Instant before = clock.instant();
    clock.tick(Duration.ofMinutes(1));
    Instant first = clock.instant();
    setState(id("ctx_s1"), "release.branch");
    clock.tick(Duration.ofMinutes(1));
    Instant between = clock.instant();
    clock.tick(Duration.ofMinutes(1));
    Instant second = clock.instant();
    setState(id("ctx_s2"), "release.branch");
    clock.tick(Duration.ofMinutes(1));
    Instant after = clock.instant();

    assertThat(state(c -> c.stateAt(project, "release.branch", before))).isEmpty();
    assertThat(state(c -> c.stateAt(project, "release.branch", first)).map(ContextItem::id))
        .contains(id("ctx_s1"));
    assertThat(state(c -> c.stateAt(project, "release.branch", between)).map(ContextItem::id))
        .contains(id("ctx_s1"));
    assertThat(state(c -> c.stateAt(project, "release.branch", second)).map(ContextItem::id))
        .contains(id("ctx_s2"));
    assertThat(state(c -> c.stateAt(project, "release.branch", after)).map(ContextItem::id))
        .contains(id("ctx_s2"));
    ContextItem ended = items(c -> c.find(project, List.of(id("ctx_s1")))).getFirst();
    assertThat(ended.validity()).isEqualTo(Validity.SUPERSEDED);
    assertThat(ended.validTo()).isEqualTo(second);
    assertThat(state(c -> c.stateAt(project, "other.key", after))).isEmpty();
  }

  @Test
  void retention_deletes_ended_items_after_the_window_and_keeps_current_ones() {
    setState(id("ctx_s1"), "k");
    clock.tick(Duration.ofMinutes(1));
    Instant endedAt = clock.instant();
    setState(id("ctx_s2"), "k");

    assertThat(count(c -> c.purgeEndedBefore(endedAt))).isZero();
    write(c -> c.purgeEndedBefore(endedAt.plusMillis(1)));

    assertThat(items(c -> c.find(project, List.of(id("ctx_s1"), id("ctx_s2")))))
        .extracting(ContextItem::id)
        .containsExactly(id("ctx_s2"));
  }

  private ContextProposal proposal(String id) {
    return new ContextProposal(
        id,
        project,
        "release.branch",
        "release from main",
        Authority.EVIDENCE,
        Confidence.PROBABLE,
        List.of("jrn_1"),
        "alice",
        ContextOrigin.PEER,
        ProposalStatus.PENDING,
        null,
        null,
        null,
        clock.instant(),
        1);
  }

  @Test
  void a_proposal_is_decided_once_and_a_stale_decision_loses() {
    ContextProposal pending = proposal("cpr_" + project);
    write(c -> {
      c.insertProposal(pending);
      return null;
    });
    assertThat(proposalOf(c -> c.findProposal(pending.id()))).contains(pending);

    ContextProposal promoted =
        pending.decided(ProposalStatus.PROMOTED, "ops", clock.instant(), id("ctx_new"));
    ContextProposal rejected =
        pending.decided(ProposalStatus.REJECTED, "other-ops", clock.instant(), null);

    assertThat(ok(c -> c.decide(promoted))).isTrue();
    assertThat(ok(c -> c.decide(rejected))).isFalse();
    Optional<ContextProposal> stored = proposalOf(c -> c.findProposal(pending.id()));
    assertThat(stored).contains(promoted);
    assertThat(proposalList(c -> c.proposals(project, ProposalStatus.PENDING, 10))).isEmpty();
    assertThat(proposalList(c -> c.proposals(project, null, 10))).containsExactly(promoted);
  }

  private List<SearchHit> search(String query) {
    return read(c -> c.search(project, query, 10));
  }

  @Test
  void the_text_index_follows_items_as_they_are_added_and_ended() {
    ContextItem kept = item(id("ctx_k"), ContextKind.EVIDENCE, null, null);
    ContextItem rejected = item(id("ctx_r"), ContextKind.EVIDENCE, null, null);
    write(c -> {
      c.insert(kept);
      c.insert(rejected);
      return null;
    });
    setState(id("ctx_s1"), "search.key");
    setState(id("ctx_s2"), "search.key");

    assertThat(search("summary of"))
        .extracting(SearchHit::docId)
        .contains(kept.id(), rejected.id());
    write(c -> c.end(project, rejected.id(), Validity.REJECTED, clock.instant()));

    List<String> found = search("summary of").stream().map(SearchHit::docId).toList();
    assertThat(found).contains(kept.id(), id("ctx_s2")).doesNotContain(rejected.id(), id("ctx_s1"));
    assertThat(search("summary of " + kept.id()).getFirst().docId()).isEqualTo(kept.id());
    assertThat(search("summary of " + kept.id()).getFirst().exactPhrase()).isTrue();
    List<SearchHit> elsewhere = read(c -> c.search("another-project", "summary of", 10));
    assertThat(elsewhere).isEmpty();
  }
}
