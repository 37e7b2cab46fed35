package io.kxm.store.messaging;

import static io.kxm.testkit.NewMessageBuilder.aRequest;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.agent.Agent;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.messaging.MessageInsert;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.messaging.StoredMessage;
import io.kxm.core.messaging.TransitionOutcome;
import io.kxm.store.StoreContract;
import io.kxm.testkit.NewMessageBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What every {@link MessageStore} must do, whatever the database. */
public abstract class MessageStoreContract extends StoreContract {
  protected Agent alice;
  protected Agent bob;

  @BeforeEach
  void twoAgents() {
    alice = agent("alice");
    bob = agent("bob");
  }

  protected NewMessageBuilder request() {
    return aRequest().inProject(project).from(alice.id()).to(bob.id());
  }

  protected StoredMessage send(NewMessageBuilder builder) {
    return store.messages().insert(builder.build()).message();
  }

  @Test
  void a_new_message_is_queued_with_times_from_the_clock_and_every_field_kept() {
    Instant now = clock.instant();
    String context = "{\"runId\":\"run_1\",\"stageId\":\"review\",\"attempt\":2}";
    MessageInsert insert =
        store
            .messages()
            .insert(
                request()
                    .content("look at PR 7")
                    .delivery(Delivery.STEER)
                    .ttl(Duration.ofMinutes(5))
                    .correlationId("corr-1")
                    .hopCount(2)
                    .workflowContext(context)
                    .build());

    assertThat(insert).isInstanceOf(MessageInsert.Inserted.class);
    StoredMessage m = insert.message();
    assertThat(m.id()).startsWith("msg_");
    assertThat(m.status()).isEqualTo(MessageStatus.QUEUED);
    assertThat(m.createdAt()).isEqualTo(now);
    assertThat(m.expiresAt()).isEqualTo(now.plus(Duration.ofMinutes(5)));
    assertThat(m.delivery()).isEqualTo(Delivery.STEER);
    assertThat(m.content()).isEqualTo("look at PR 7");
    assertThat(m.correlationId()).isEqualTo("corr-1");
    assertThat(m.hopCount()).isEqualTo(2);
    assertThat(m.workflowContext()).isEqualTo(context);
    assertThat(m.deliveredAt()).isNull();
    assertThat(m.terminalAt()).isNull();
    assertThat(store.messages().findById(m.id())).contains(m);
  }

  @Test
  void a_retry_under_the_same_idempotency_key_returns_the_first_message() {
    StoredMessage first = send(request().idempotent("key-1", "hash-a"));

    MessageInsert retry = store.messages().insert(request().idempotent("key-1", "hash-b").build());

    assertThat(retry).isInstanceOf(MessageInsert.DuplicateKey.class);
    assertThat(retry.message()).isEqualTo(first);
    assertThat(retry.message().requestHash()).isEqualTo("hash-a");
    assertThat(store.messages().findByIdempotencyKey(project, alice.id(), "key-1")).contains(first);
  }

  @Test
  void idempotency_keys_belong_to_their_sender_and_a_missing_key_never_collides() {
    StoredMessage fromAlice = send(request().idempotent("shared", "h"));
    StoredMessage fromBob =
        send(aRequest().inProject(project).from(bob.id()).to(alice.id()).idempotent("shared", "h"));
    StoredMessage plain1 = send(request());
    StoredMessage plain2 = send(request());

    assertThat(fromBob.id()).isNotEqualTo(fromAlice.id());
    assertThat(plain1.id()).isNotEqualTo(plain2.id());
    assertThat(store.messages().findByIdempotencyKey(project, bob.id(), "shared"))
        .contains(fromBob);
    assertThat(store.messages().findByIdempotencyKey(project, alice.id(), "other")).isEmpty();
  }

  @Test
  void open_messages_of_a_recipient_are_queued_and_delivered_ones_oldest_first() {
    StoredMessage queued = send(request().content("one"));
    clock.tick(Duration.ofMillis(5));
    StoredMessage delivered = send(request().content("two"));
    store.messages().markDelivered(delivered.id());
    clock.tick(Duration.ofMillis(5));
    StoredMessage replied = send(request().content("three"));
    store.messages().reply(replied.id(), "done");
    send(aRequest().inProject(project).from(bob.id()).to(alice.id()));

    assertThat(store.messages().openForRecipient(bob.id()))
        .extracting(StoredMessage::id)
        .containsExactly(queued.id(), delivered.id());
    assertThat(store.messages().queuedForRecipient(bob.id()))
        .extracting(StoredMessage::id)
        .containsExactly(queued.id());
  }

  @Test
  void expiring_due_messages_ends_only_open_ones_past_their_ttl() {
    StoredMessage soon = send(request().ttl(Duration.ofSeconds(10)));
    StoredMessage soonDelivered = send(request().ttl(Duration.ofSeconds(10)));
    store.messages().markDelivered(soonDelivered.id());
    StoredMessage answered = send(request().ttl(Duration.ofSeconds(10)));
    store.messages().reply(answered.id(), "done");
    StoredMessage later = send(request().ttl(Duration.ofMinutes(10)));
    clock.tick(Duration.ofSeconds(10));

    List<StoredMessage> expired = mine(store.messages().expireDue(10_000));

    assertThat(expired)
        .extracting(StoredMessage::id)
        .containsExactlyInAnyOrder(soon.id(), soonDelivered.id());
    assertThat(expired)
        .allSatisfy(m -> {
          assertThat(m.status()).isEqualTo(MessageStatus.EXPIRED);
          assertThat(m.terminalAt()).isEqualTo(clock.instant());
        });
    assertThat(store.messages().findById(later.id()).orElseThrow().status())
        .isEqualTo(MessageStatus.QUEUED);
    assertThat(mine(store.messages().expireDue(10_000))).isEmpty();
  }

  @Test
  void purging_deletes_messages_that_ended_before_the_cutoff_and_keeps_the_rest() {
    StoredMessage old = send(request());
    store.messages().cancel(old.id());
    clock.tick(Duration.ofDays(8));
    StoredMessage recent = send(request());
    store.messages().reply(recent.id(), "ok");
    StoredMessage open = send(request());

    int purged = store.messages().purgeTerminalBefore(clock.instant().minus(Duration.ofDays(7)));

    assertThat(purged).isGreaterThanOrEqualTo(1);
    assertThat(store.messages().findById(old.id())).isEmpty();
    assertThat(store.messages().findById(recent.id())).isPresent();
    assertThat(store.messages().findById(open.id())).isPresent();
  }

  @Test
  void a_message_and_its_event_commit_in_one_transaction() {
    StoredMessage sent =
        store.write(tx -> {
          StoredMessage m = tx.messages().insert(request().build()).message();
          tx.agentEvents().append(bob.id(), "message.queued", "{\"id\":\"" + m.id() + "\"}");
          return m;
        });

    assertThat(store.messages().findById(sent.id())).isPresent();
    assertThat(store.agentEvents().readAfter(bob.id(), 0, 10))
        .singleElement()
        .satisfies(e -> assertThat(e.data()).contains(sent.id()));
  }

  @Test
  void a_reply_racing_a_cancel_lets_exactly_one_win() throws Exception {
    for (int round = 0; round < 10; round++) {
      StoredMessage m = send(request());

      List<TransitionOutcome> outcomes =
          concurrently(
              2,
              i ->
                  i == 0
                      ? store.messages().reply(m.id(), "answer")
                      : store.messages().cancel(m.id()));

      assertThat(outcomes).filteredOn(o -> o instanceof TransitionOutcome.Applied).hasSize(1);
      assertThat(outcomes).filteredOn(o -> o instanceof TransitionOutcome.Refused).hasSize(1);
    }
  }

  @Test
  void concurrent_sends_under_one_idempotency_key_store_a_single_message() throws Exception {
    List<MessageInsert> inserts =
        concurrently(6, i -> store.messages().insert(request().idempotent("once", "h").build()));

    assertThat(inserts).filteredOn(i -> i instanceof MessageInsert.Inserted).hasSize(1);
    assertThat(inserts)
        .extracting(i -> i.message().id())
        .containsOnly(inserts.get(0).message().id());
  }

  @ParameterizedTest(name = "{0} to {1}")
  @MethodSource("io.kxm.store.messaging.Lifecycle#everyChange")
  void every_change_in_the_lifecycle_is_applied_and_every_other_is_refused(
      MessageStatus from, MessageStatus to) {
    StoredMessage before = messageIn(from);
    clock.tick(Duration.ofSeconds(1));

    TransitionOutcome outcome = Lifecycle.apply(store.messages(), before.id(), to);

    if (Lifecycle.DIAGRAM.contains(from.wire() + ">" + to.wire())) {
      StoredMessage after = ((TransitionOutcome.Applied) outcome).message();
      assertThat(after.status()).isEqualTo(to);
      assertThat(after.terminalAt()).isEqualTo(to.isTerminal() ? clock.instant() : null);
      assertThat(store.messages().findById(before.id())).contains(after);
    } else {
      assertThat(outcome).isEqualTo(new TransitionOutcome.Refused(before, to));
      assertThat(store.messages().findById(before.id())).contains(before);
    }
  }

  @Test
  void a_reply_keeps_its_text_and_times_and_a_delivery_its_time() {
    StoredMessage m = send(request());
    clock.tick(Duration.ofSeconds(3));
    Instant deliveredAt = clock.instant();
    store.messages().markDelivered(m.id());
    clock.tick(Duration.ofSeconds(4));

    StoredMessage replied =
        ((TransitionOutcome.Applied) store.messages().reply(m.id(), "all good")).message();

    assertThat(replied.reply()).isEqualTo("all good");
    assertThat(replied.deliveredAt()).isEqualTo(deliveredAt);
    assertThat(replied.repliedAt()).isEqualTo(clock.instant());
    assertThat(replied.terminalAt()).isEqualTo(clock.instant());
  }

  @Test
  void a_reply_after_the_ttl_is_refused_and_the_message_expires() {
    StoredMessage m = send(request().ttl(Duration.ofSeconds(5)));
    clock.tick(Duration.ofSeconds(5));

    TransitionOutcome outcome = store.messages().reply(m.id(), "too late");

    assertThat(outcome)
        .isInstanceOfSatisfying(
            TransitionOutcome.Refused.class,
            refused -> {
              assertThat(refused.current().status()).isEqualTo(MessageStatus.EXPIRED);
              assertThat(refused.attempted()).isEqualTo(MessageStatus.REPLIED);
            });
  }

  @Test
  void a_change_to_an_unknown_message_is_not_found() {
    assertThat(store.messages().cancel("msg_missing"))
        .isEqualTo(new TransitionOutcome.NotFound("msg_missing"));
  }

  private StoredMessage messageIn(MessageStatus status) {
    StoredMessage m = send(request());
    return status == MessageStatus.QUEUED
        ? m
        : ((TransitionOutcome.Applied) Lifecycle.apply(store.messages(), m.id(), status)).message();
  }

  private List<StoredMessage> mine(List<StoredMessage> messages) {
    return messages.stream().filter(m -> m.project().equals(project)).toList();
  }
}
