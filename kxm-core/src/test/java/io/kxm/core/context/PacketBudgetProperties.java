package io.kxm.core.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.search.RetrievalMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Whatever the items, a packet's own estimate never exceeds the budget it was cut to. */
class PacketBudgetProperties {

  @Property(tries = 300)
  void a_packet_never_exceeds_its_budget(
      @ForAll("items") @Size(max = 60) List<ContextItem> items,
      @ForAll @IntRange(min = ContextLimits.BUDGET_MIN, max = 20_000) int budget,
      @ForAll("roles") String role) {
    ContextRequests.Packet request =
        new ContextRequests.Packet(
            null,
            role,
            "login flaky test ünïcode",
            null,
            null,
            budget,
            EnumSet.allOf(ContextKind.class));

    ContextPacket built =
        PacketBuilder.build(
            request, items, LexicalRanker.rank(request.task(), items), RetrievalMode.FTS);

    int actual = TokenEstimate.of(Json.write(built.packet()));
    assertThat(actual).isLessThanOrEqualTo(budget);
    assertThat(built.tokenEstimate()).isEqualTo(actual);
    assertThat(
            built.packet().path("items").size()
                + built.audit().path("skipped").path("overBudget").asInt())
        .isEqualTo(items.size());
  }

  @Provide
  Arbitrary<String> roles() {
    return Arbitraries.of("repro", "planner", "critic", "implementer", "verifier", "archivist");
  }

  @Provide
  Arbitrary<List<ContextItem>> items() {
    Arbitrary<String> summaries =
        Arbitraries.strings()
            .withCharRange(' ', '~')
            .withChars('"', '\\', '\n', 'é', '\u2028', '\u0001')
            .ofMinLength(1)
            .ofMaxLength(ContextLimits.SUMMARY_MAX)
            .filter(s -> !s.isBlank());
    Arbitrary<ContextItem> item =
        Combinators.combine(
                Arbitraries.integers().between(0, 1_000_000),
                Arbitraries.of(ContextKind.class),
                summaries,
                Arbitraries.of(ContextOrigin.class),
                Arbitraries.of(Confidence.class))
            .as((n, kind, summary, origin, confidence) ->
                new ContextItem(
                    "ctx_" + n,
                    "alpha",
                    kind,
                    kind == ContextKind.STATE ? "key." + n : null,
                    summary,
                    origin,
                    origin.ceiling(),
                    confidence,
                    Validity.CURRENT,
                    List.of("jrn_" + n),
                    List.of(),
                    "tester",
                    Instant.EPOCH,
                    Instant.EPOCH,
                    null));
    return item.list().ofMaxSize(60).map(ArrayList::new);
  }
}
