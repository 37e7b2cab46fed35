package io.kxm.core.workflow.definition;

import io.kxm.core.check.Require;
import io.kxm.core.workflow.WorkflowLimits;
import java.util.List;
import java.util.Locale;

/**
 * How a requirement is satisfied by peers instead of by an evidence string: replies from at least
 * {@code quorum} distinct eligible producers, cited as {@code evidenceRefs}.
 *
 * @param producers agent names whose replies count, compared case-insensitively
 * @param quorum how many distinct producers must have replied, 1 to the number of producers
 * @param allowDegrade whether an admin may lower the quorum for one attempt
 */
public record EvidencePolicy(List<String> producers, int quorum, boolean allowDegrade) {

  public EvidencePolicy {
    producers = List.copyOf(Require.present(producers, "producers"));
    if (producers.isEmpty()) {
      throw new IllegalArgumentException("a peer-evidence policy names at least one producer");
    }
    producers.forEach(p -> Require.label(p, "producer", WorkflowLimits.ID_MAX));
    if (quorum < 1 || quorum > producers.size()) {
      throw new IllegalArgumentException(
          "quorum " + quorum + " must be between 1 and the " + producers.size() + " producers");
    }
  }

  /** Whether {@code agentName} is one of the eligible producers. */
  public boolean eligible(String agentName) {
    String key = agentName.toLowerCase(Locale.ROOT);
    return producers.stream().anyMatch(p -> p.toLowerCase(Locale.ROOT).equals(key));
  }
}
