package io.kxm.session.store;

import io.kxm.core.chain.HashChain;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionStore.ChainCheck;
import java.util.List;

/**
 * Recomputes a run's hash chain from its stored rows. An event is bad when its stored previous hash
 * is not the hash recomputed for the event before it, or its own stored hash is not the hash of its
 * envelope. When every event verifies but the run's recorded head differs from the last hash,
 * events were removed from the end: the check fails and names the seq after the last event still
 * stored.
 */
final class ChainVerifier {
  record Link(SessionEvent event, String prevHash, String hash) {}

  private ChainVerifier() {}

  static ChainCheck verify(String runId, List<Link> links, String recordedHead) {
    String expectedPrev = HashChain.GENESIS;
    for (Link link : links) {
      String recomputed = SessionChain.hash(expectedPrev, link.event());
      if (HashChain.check(expectedPrev, link.prevHash(), link.hash(), recomputed).isPresent()) {
        return new ChainCheck(
            runId, false, links.size(), link.event().seq(), links.getLast().hash());
      }
      expectedPrev = recomputed;
    }
    if (!expectedPrev.equals(recordedHead)) {
      long after = links.isEmpty() ? 0 : links.getLast().event().seq();
      return new ChainCheck(runId, false, links.size(), after + 1, expectedPrev);
    }
    return new ChainCheck(runId, true, links.size(), -1, expectedPrev);
  }
}
