package io.kxm.session.store;

import static io.kxm.session.store.SessionFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.chain.HashChain;
import io.kxm.core.secret.Tokens;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.SessionStore.ChainCheck;
import io.kxm.session.api.StreamKey;
import org.junit.jupiter.api.Test;

/** Each run's events chain by hash, and the chain survives a reopen. */
public interface HashChainContract extends SessionStoreContract {

  @Test
  default void an_untouched_run_verifies_and_reports_the_head_its_envelopes_hash_to() {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aRunningRun();
      for (int i = 0; i < 5; i++) {
        f.store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "t" + i)).join();
      }

      ChainCheck check = f.store.verify(run.id());

      String head = HashChain.GENESIS;
      for (SessionEvent event : f.store.replay(StreamKey.run(run.id()), 0, 100)) {
        head = SessionChain.hash(head, event);
      }
      assertThat(check.ok()).isTrue();
      assertThat(check.runId()).isEqualTo(run.id());
      assertThat(check.events()).isEqualTo(7);
      assertThat(check.firstBadSeq()).isEqualTo(-1);
      assertThat(check.lastHash()).isEqualTo(head);
    }
  }

  @Test
  default void a_run_s_ending_lists_the_messages_it_added_and_the_run_verifies() {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aRunningRun();
      f.store.appendMessage(run.sessionId(), run.id(), "user", "fix the build");
      f.store.appendMessage(run.sessionId(), run.id(), "assistant", "fixed");
      f.store.transition(
          run.id(),
          SessionRunStatus.COMPLETED,
          new SessionStore.Ending("success", null, "fixed"),
          json("finalMessage", "fixed"));

      SessionEvent ending = f.store.lastEvent(run.id()).orElseThrow();
      ChainCheck check = f.store.verify(run.id());

      assertThat(ending.data().path("messages").findValuesAsString("sha256"))
          .containsExactly(Tokens.sha256Hex("fix the build"), Tokens.sha256Hex("fixed"));
      assertThat(ending.data().path("messages").findValuesAsString("role"))
          .containsExactly("user", "assistant");
      assertThat(check.ok()).as(check.message()).isTrue();
      assertThat(check.problem()).isNull();
    }
  }

  @Test
  default void a_chain_continues_across_a_reopen() {
    SessionFixture f = fixture();
    SessionRun run = f.aRunningRun();
    f.store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "before")).join();
    String headBefore = f.store.verify(run.id()).lastHash();
    f.close();

    try (SessionStore again = reopen(f)) {
      again.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "after")).join();
      ChainCheck check = again.verify(run.id());

      assertThat(check.ok()).isTrue();
      assertThat(check.events()).isEqualTo(4);
      assertThat(check.lastHash())
          .isEqualTo(
              SessionChain.hash(
                  headBefore, again.replay(StreamKey.run(run.id()), 0, 100).getLast()));
    }
  }
}
