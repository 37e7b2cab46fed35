package io.kxm.store.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.kxm.core.json.Json;
import io.kxm.store.StoreContract;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What every {@link OpsEventStore} must do, whatever the database. The log is one sequence for the
 * whole store, which tests of a class may share, so numbers are checked from where a test began.
 */
public abstract class OpsEventStoreContract extends StoreContract {

  @Test
  void entries_are_numbered_across_projects_and_read_back_in_order() {
    long base = store.opsEvents().lastSeq();
    String other = project + "-other";
    store.opsEvents().append(project, "agent.registered", "{\"name\":\"alice\"}");
    store.opsEvents().append(other, "agent.registered", "{\"name\":\"bob\"}");
    store.opsEvents().append(project, "message.sent", "{\"bytes\":5}");

    assertThat(store.opsEvents().readAfter(base, null, 10))
        .extracting(OpsEvent::seq)
        .containsExactly(base + 1, base + 2, base + 3);
    assertThat(store.opsEvents().readAfter(base + 1, project, 10))
        .extracting(OpsEvent::seq, OpsEvent::kind)
        .containsExactly(tuple(base + 3, "message.sent"));
    assertThat(store.opsEvents().lastSeq()).isEqualTo(base + 3);
  }

  @Test
  void a_rolled_back_append_leaves_no_gap() {
    long first = store.opsEvents().append(project, "agent.registered", "{}").seq();
    assertThatThrownBy(() ->
            store.write(tx -> {
              tx.opsEvents().append(project, "agent.retired", "{}");
              throw new IllegalStateException("roll back");
            }))
        .isInstanceOf(IllegalStateException.class);
    var next = store.opsEvents().append(project, "agent.retired", "{}");

    assertThat(next.seq()).isEqualTo(first + 1);
  }

  @Test
  void the_envelope_puts_seq_time_project_and_kind_beside_the_metadata() {
    var event = store.opsEvents().append(project, "message.sent", "{\"bytes\":12,\"kind\":\"x\"}");

    var envelope = Json.read(event.envelopeJson());

    assertThat(envelope.get("seq").asLong()).isEqualTo(event.seq());
    assertThat(envelope.get("at").asString()).isEqualTo(clock.instant().toString());
    assertThat(envelope.get("project").asString()).isEqualTo(project);
    assertThat(envelope.get("kind").asString()).isEqualTo("message.sent");
    assertThat(envelope.get("bytes").asInt()).isEqualTo(12);
  }

  @Test
  void trimming_by_age_keeps_the_numbering() {
    store.opsEvents().append(project, "agent.registered", "{}");
    clock.tick(Duration.ofDays(400));
    long kept = store.opsEvents().append(project, "agent.retired", "{}").seq();

    int trimmed = store.opsEvents().trimOlderThan(clock.instant().minus(Duration.ofHours(1)));

    assertThat(trimmed).isPositive();
    assertThat(store.opsEvents().oldestRetainedSeq()).hasValue(kept);
    assertThat(store.opsEvents().lastSeq()).isEqualTo(kept);
    assertThat(store.opsEvents().append(project, "agent.registered", "{}").seq())
        .isEqualTo(kept + 1);
  }

  @Test
  void the_latest_entries_of_a_kind_come_newest_first() {
    store.opsEvents().append(project, "message.sent", "{\"messageId\":\"m1\"}");
    store.opsEvents().append(project, "agent.registered", "{}");
    long last = store.opsEvents().append(project, "message.replied", "{}").seq();

    assertThat(store.opsEvents().latest(project, "message.", 10))
        .extracting(OpsEvent::seq, OpsEvent::kind)
        .containsExactly(tuple(last, "message.replied"), tuple(last - 2, "message.sent"));
  }

  @Test
  void data_that_is_not_a_json_object_is_refused() {
    assertThatThrownBy(() -> store.opsEvents().append(project, "message.sent", "[1]"))
        .hasMessageContaining("not an object");
  }
}
