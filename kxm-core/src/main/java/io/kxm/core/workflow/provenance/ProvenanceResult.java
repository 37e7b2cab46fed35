package io.kxm.core.workflow.provenance;

import java.util.List;

/** What verifying the messages cited for one requirement found. */
public sealed interface ProvenanceResult {

  /**
   * Every cited message is valid peer evidence.
   *
   * @param snapshots one per cited message, kept in the run's history
   * @param distinctProducers producers counted toward the quorum, each once
   */
  record Verified(List<VerifiedPeerEvidence> snapshots, int distinctProducers)
      implements ProvenanceResult {
    public Verified {
      snapshots = List.copyOf(snapshots);
    }
  }

  /** At least one cited message is not valid evidence; nothing of this citation counts. */
  record Rejected(String requirementKey, List<Rejection> rejections) implements ProvenanceResult {
    public Rejected {
      rejections = List.copyOf(rejections);
    }
  }
}
