package io.kxm.core.chain;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Stored logs were chained with these exact hashes; they must keep verifying. */
class HashChainTest {
  static final String RUN_EVENT_1 =
      "{\"at\":\"2026-01-02T03:04:05Z\",\"data\":{\"reason\":\"queued \u00e9\",\"to\":\"queued\"},"
          + "\"prevHash\":\"0000000000000000000000000000000000000000000000000000000000000000\","
          + "\"runId\":\"run_pin\",\"seq\":1,\"type\":\"run.moved\"}";

  @Test
  void a_sealed_link_hashes_its_body_bytes() {
    assertThat(HashChain.sealed(RUN_EVENT_1))
        .isEqualTo("0423d48704bf7b56b4cdd4793e8ae347bc44d7981083e8865129f9527ce3a029");
  }

  @Test
  void a_linked_link_hashes_the_previous_hash_then_the_canonical_content() {
    String first =
        HashChain.linked(
            HashChain.GENESIS,
            Json.read(
                "{\"seq\":3,\"sessionId\":\"ses_pin\",\"runId\":\"run_pin\","
                    + "\"type\":\"message.delta\",\"at\":\"2026-01-02T03:04:05.123Z\","
                    + "\"data\":{\"text\":\"h\\u00e9\",\"b\":[1,{\"z\":null,\"a\":2}]}}"));
    String second =
        HashChain.linked(
            first,
            Json.read(
                "{\"type\":\"run.completed\",\"seq\":7,\"sessionId\":\"ses_pin\","
                    + "\"runId\":\"run_pin\",\"at\":\"2026-01-02T03:04:06Z\",\"data\":{}}"));

    assertThat(first).isEqualTo("a0df153c1fa2b2aa9de9c326d81a9c0cddd04aeb919bcb543a34a686edd3c486");
    assertThat(second)
        .isEqualTo("08e7c71f373e20f92bbaad7be185611d277e6efa56f61abb2879b1b53d5b8946");
  }

  @Test
  void a_link_is_checked_for_its_hash_before_its_predecessor() {
    String hash = HashChain.sealed(RUN_EVENT_1);

    assertThat(HashChain.check(HashChain.GENESIS, HashChain.GENESIS, hash, hash)).isEmpty();
    assertThat(HashChain.check(HashChain.GENESIS, "f".repeat(64), hash, hash))
        .isEqualTo(Optional.of(HashChain.Fault.PREDECESSOR_MISMATCH));
    assertThat(HashChain.check(HashChain.GENESIS, "f".repeat(64), hash, HashChain.sealed("{}")))
        .isEqualTo(Optional.of(HashChain.Fault.HASH_MISMATCH));
  }
}
