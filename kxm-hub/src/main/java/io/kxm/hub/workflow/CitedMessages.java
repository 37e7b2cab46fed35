package io.kxm.hub.workflow;

import io.kxm.core.agent.Agent;
import io.kxm.core.workflow.provenance.CitedMessage;
import io.kxm.core.workflow.provenance.EvidenceRefs;
import io.kxm.store.Tx;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fetches the messages a checkpoint or wait cites, as the hub recorded them, for the provenance
 * check. IDs the store does not know are left out; the check refuses them.
 */
final class CitedMessages {
  private CitedMessages() {}

  static Map<String, CitedMessage> fetch(Tx tx, Map<String, List<String>> evidenceRefs) {
    Map<String, CitedMessage> cited = new LinkedHashMap<>();
    for (String id : EvidenceRefs.messageIds(evidenceRefs)) {
      tx.messages()
          .findById(id)
          .ifPresent(m ->
              cited.put(
                  id, CitedMessage.of(m, name(tx, m.fromAgentId()), name(tx, m.toAgentId()))));
    }
    return cited;
  }

  private static String name(Tx tx, String agentId) {
    return tx.agents().findById(agentId).map(Agent::name).orElse(null);
  }
}
