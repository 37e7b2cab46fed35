package io.kxm.session.store;

import io.kxm.core.chain.HashChain;
import io.kxm.runtime.receipt.SignedHead;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore.ChainCheck;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * Recomputes a run's hash chain from its stored rows, then checks what the chain vouches for. An
 * event is bad when its stored previous hash is not the hash recomputed for the event before it, or
 * its own stored hash is not the hash of its envelope. A signed head the log stops short of, or
 * whose event has another hash, means events were cut or rewritten; so does a recorded head (the
 * run row's) that differs from the last hash. Then the run row's status and final message must be
 * those of its last status event, and the messages the run added to the history those its ending
 * event lists.
 */
final class ChainVerifier {
  record Link(SessionEvent event, String prevHash, String hash) {}

  /** What one snapshot of the store holds of a run. */
  record Stored(
      SessionRun run, String recordedHead, List<Link> links, List<SessionMessage> history) {}

  private static final Set<String> STATUS_TYPES =
      Arrays.stream(SessionRunStatus.values())
          .map(EventTypes::forStatus)
          .collect(Collectors.toUnmodifiableSet());

  private ChainVerifier() {}

  /** A run the store no longer holds, though its head was signed: every event was removed. */
  static ChainCheck removed(String runId, SignedHead head) {
    return new ChainCheck(
        runId,
        false,
        0,
        1,
        null,
        "run_log_truncated",
        "the signed head of run "
            + runId
            + " is event "
            + head.sequence()
            + ", but the store holds no such run: its events were removed",
        HashChain.GENESIS,
        false);
  }

  static ChainCheck verify(String runId, Stored stored, Optional<SignedHead> head) {
    List<Link> links = stored.links();
    Result r = new Result(runId, links, head.isPresent());
    String expectedPrev = HashChain.GENESIS;
    for (Link link : links) {
      String recomputed = SessionChain.hash(expectedPrev, link.event());
      if (HashChain.check(expectedPrev, link.prevHash(), link.hash(), recomputed).isPresent()) {
        long seq = link.event().seq();
        return r.bad(
            link,
            "event_hash_mismatch",
            "event " + seq + " (" + link.event().type() + ") does not hash to its chain");
      }
      expectedPrev = recomputed;
    }
    if (head.isPresent()) {
      Optional<ChainCheck> bad = againstHead(r, head.get());
      if (bad.isPresent()) {
        return bad.get();
      }
    }
    if (!expectedPrev.equals(stored.recordedHead())) {
      return r.cut(
          "run "
              + runId
              + " records another head than its last event: events after "
              + r.lastDescribed()
              + " were removed");
    }
    Optional<Link> status =
        links.reversed().stream().filter(l -> STATUS_TYPES.contains(l.event().type())).findFirst();
    if (status.isPresent()) {
      Optional<ChainCheck> bad = againstRow(r, stored.run(), status.get());
      if (bad.isPresent()) {
        return bad.get();
      }
      if (status.get().event().data().has(RunWrites.HISTORY)) {
        bad = againstHistory(r, stored.history(), status.get());
        if (bad.isPresent()) {
          return bad.get();
        }
      }
    }
    return r.pass();
  }

  private static Optional<ChainCheck> againstHead(Result r, SignedHead head) {
    if (!head.signed()) {
      return Optional.of(
          r.bad(
              null,
              "run_head_signature_invalid",
              "the head of run " + r.runId + " is not signed by this runtime's key"));
    }
    Optional<Link> at =
        r.links.stream().filter(l -> l.event().seq() == head.sequence()).findFirst();
    if (at.isPresent()) {
      return at.get().hash().equals(head.hash())
          ? Optional.empty()
          : Optional.of(
              r.bad(
                  at.get(),
                  "run_head_mismatch",
                  "event "
                      + head.sequence()
                      + " ("
                      + at.get().event().type()
                      + ") has another hash than the signed head: the log up to it was"
                      + " rewritten"));
    }
    boolean stopsShort = r.links.isEmpty() || r.links.getLast().event().seq() < head.sequence();
    return Optional.of(
        stopsShort
            ? r.cut(
                "the signed head of run "
                    + r.runId
                    + " is event "
                    + head.sequence()
                    + ", but the log ends at "
                    + r.lastDescribed()
                    + ": the events after it were removed")
            : r.bad(
                null,
                "run_head_mismatch",
                "the signed head of run "
                    + r.runId
                    + " is event "
                    + head.sequence()
                    + ", which the log no longer holds"));
  }

  private static Optional<ChainCheck> againstRow(Result r, SessionRun run, Link status) {
    JsonNode data = status.event().data();
    String field = null;
    if (!run.status().wire().equals(data.path("status").asString(null))) {
      field = "status";
    } else if (!Objects.equals(run.finalMessage(), data.path("finalMessage").asString(null))) {
      field = "final message";
    }
    return field == null
        ? Optional.empty()
        : Optional.of(
            r.bad(
                status,
                "run_row_mismatch",
                "the stored "
                    + field
                    + " of run "
                    + r.runId
                    + " is not the one its event "
                    + status.event().seq()
                    + " ("
                    + status.event().type()
                    + ") records"));
  }

  private static Optional<ChainCheck> againstHistory(
      Result r, List<SessionMessage> history, Link ending) {
    JsonNode listed = ending.event().data().path(RunWrites.HISTORY);
    int count = Math.max(listed.size(), history.size());
    for (int i = 0; i < count; i++) {
      JsonNode want = i < listed.size() ? listed.get(i) : null;
      SessionMessage got = i < history.size() ? history.get(i) : null;
      if (want == null || got == null || !same(want, got)) {
        long index = want != null ? want.path("index").asLong() : got.index();
        return Optional.of(
            r.bad(
                ending,
                "run_history_mismatch",
                "message "
                    + index
                    + " of the history is not the one event "
                    + ending.event().seq()
                    + " ("
                    + ending.event().type()
                    + ") of run "
                    + r.runId
                    + " lists: the history the next turn is fed was "
                    + (got == null ? "cut" : want == null ? "added to" : "edited")));
      }
    }
    return Optional.empty();
  }

  /** Whether the listed digest is that of the stored message, compared field by field. */
  private static boolean same(JsonNode listed, SessionMessage stored) {
    JsonNode digest = RunWrites.digest(stored.index(), stored.role(), stored.content());
    return listed.path("index").asLong(-1) == stored.index()
        && listed.path("role").asString("").equals(digest.path("role").asString())
        && listed.path("sha256").asString("").equals(digest.path("sha256").asString());
  }

  /** The outcomes of one check, each naming the event it fails on. */
  private record Result(String runId, List<Link> links, boolean headFound) {
    String lastHash() {
      return links.isEmpty() ? HashChain.GENESIS : links.getLast().hash();
    }

    String lastDescribed() {
      if (links.isEmpty()) {
        return "no event";
      }
      SessionEvent last = links.getLast().event();
      return "event " + last.seq() + " (" + last.type() + ")";
    }

    ChainCheck bad(Link at, String problem, String message) {
      return new ChainCheck(
          runId,
          false,
          links.size(),
          at == null ? -1 : at.event().seq(),
          at == null ? null : at.event().type(),
          problem,
          message,
          lastHash(),
          false);
    }

    /** Events cut from the end: named by the seq after the last one still stored. */
    ChainCheck cut(String message) {
      long after = links.isEmpty() ? 0 : links.getLast().event().seq();
      return new ChainCheck(
          runId,
          false,
          links.size(),
          after + 1,
          null,
          "run_log_truncated",
          message,
          lastHash(),
          false);
    }

    ChainCheck pass() {
      return new ChainCheck(
          runId,
          true,
          links.size(),
          -1,
          null,
          null,
          headFound ? "chain verifies" : "chain verifies; no signed head (the run predates them)",
          lastHash(),
          headFound);
    }
  }
}
