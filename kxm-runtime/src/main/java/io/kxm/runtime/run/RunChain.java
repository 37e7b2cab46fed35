package io.kxm.runtime.run;

import io.kxm.core.chain.HashChain;
import io.kxm.core.json.CanonicalJson;
import io.kxm.core.json.Json;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Checks a run's log against {@link HashChain} (sealed links): each body hashes to its stored hash,
 * names the previous event's hash, and agrees with the indexed columns beside it.
 */
public final class RunChain {
  private RunChain() {}

  /** The first event that does not verify, or a pass. */
  public record Check(boolean ok, long firstBadSequence, String problem, String message) {
    static Check pass() {
      return new Check(true, -1, null, null);
    }
  }

  public static Check verify(String runId, List<StoredEvent> events) {
    String prev = StoredEvent.GENESIS;
    long expected = 1;
    for (StoredEvent e : events) {
      long seq = e.sequence();
      if (seq != expected) {
        return bad(expected, "event_missing", "expected event " + expected + ", found " + seq);
      }
      Optional<HashChain.Fault> fault =
          HashChain.check(prev, e.prevHash(), e.hash(), HashChain.sealed(e.body()));
      if (fault.isPresent()) {
        return switch (fault.get()) {
          case HASH_MISMATCH ->
              bad(seq, "event_hash_mismatch", "event " + seq + " does not hash to its stored hash");
          case PREDECESSOR_MISMATCH ->
              bad(seq, "event_chain_broken", "event " + seq + " does not name its predecessor");
        };
      }
      String disagreement = disagreement(runId, e, prev);
      if (disagreement != null) {
        return bad(seq, "event_body_mismatch", "event " + seq + ": " + disagreement);
      }
      prev = e.hash();
      expected++;
    }
    return Check.pass();
  }

  private static String disagreement(String runId, StoredEvent e, String prev) {
    JsonNode envelope;
    try {
      envelope = Json.read(e.body());
    } catch (RuntimeException ex) {
      return "the body is not JSON";
    }
    if (!CanonicalJson.text(envelope).equals(e.body())) {
      return "the body is not in canonical form";
    }
    if (!runId.equals(envelope.path("runId").asString(""))
        || !runId.equals(e.runId())
        || envelope.path("seq").asLong(-1) != e.sequence()
        || !e.type().equals(envelope.path("type").asString(""))
        || !prev.equals(envelope.path("prevHash").asString(""))
        || !e.at().toString().equals(envelope.path("at").asString(""))) {
      return "the body disagrees with the stored columns";
    }
    try {
      e.event();
    } catch (RuntimeException ex) {
      return "the payload cannot be read";
    }
    return null;
  }

  private static Check bad(long seq, String problem, String message) {
    return new Check(false, seq, problem, message);
  }
}
