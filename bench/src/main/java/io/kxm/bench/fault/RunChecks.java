package io.kxm.bench.fault;

import static io.kxm.bench.fault.Wire.count;

import java.util.List;
import tools.jackson.databind.JsonNode;

/** The checks every fault run over a session run makes, worded alike. */
final class RunChecks {
  private RunChecks() {}

  /** The run's hash chain verified over exactly the events the store holds. */
  static void chain(Findings findings, String whose, JsonNode verified, List<Long> stored) {
    findings.check(
        verified.path("ok").asBoolean(false) && verified.path("events").asLong() == stored.size(),
        "hash chain"
            + whose
            + ": ok "
            + verified.path("ok").asBoolean(false)
            + " over "
            + count(verified.path("events").asLong())
            + " events; the store holds "
            + count(stored.size()));
  }

  /** The client following the run ended with exactly the stored events, once each, in order. */
  static void client(
      Findings findings, String who, RunFollower follower, boolean ended, List<Long> stored) {
    List<Long> seen = follower.seqs();
    findings.check(
        ended && seen.equals(stored) && follower.duplicates() == 0,
        who
            + ": "
            + count(seen.size())
            + " events over "
            + count(follower.connections())
            + " connections, stored "
            + count(stored.size())
            + ", same sequence in order: "
            + seen.equals(stored)
            + ", duplicates "
            + follower.duplicates()
            + ", stream ended with "
            + follower.endType());
  }
}
