package io.kxm.core.workflow.run;

import io.kxm.core.workflow.provenance.VerifiedPeerEvidence;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The parked state of a waiting run.
 *
 * @param attempt the attempt a signal will rule on
 * @param signalKey the key a signal must name
 * @param deadline when the run fails unless signalled
 * @param summary what the coordinator said is running (empty for an escalation)
 * @param evidence evidence saved at the wait, merged with the signal's
 * @param peerEvidence peer evidence verified at the wait
 */
public record Waiting(
    WaitReason reason,
    String stageId,
    int attempt,
    String signalKey,
    Instant since,
    Instant deadline,
    String summary,
    Map<String, String> evidence,
    List<VerifiedPeerEvidence> peerEvidence) {

  public Waiting {
    evidence = Map.copyOf(evidence);
    peerEvidence = List.copyOf(peerEvidence);
  }
}
