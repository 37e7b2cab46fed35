package io.kxm.session.store;

import io.kxm.core.chain.HashChain;
import io.kxm.core.json.Json;
import io.kxm.session.api.SessionEvent;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a session's run log chains: each event is a {@link HashChain#linked} link over its envelope
 * (seq, session, run, type, time, data), so editing, removing or reordering a stored event breaks
 * every hash after it. A run's first event chains from {@link HashChain#GENESIS}. Events of the
 * session itself ({@code session.created}) belong to no run and are not chained.
 */
final class SessionChain {
  private SessionChain() {}

  static String hash(String prevHash, SessionEvent event) {
    return HashChain.linked(prevHash, envelope(event));
  }

  private static ObjectNode envelope(SessionEvent event) {
    ObjectNode out = Json.object();
    out.put("seq", event.seq());
    out.put("sessionId", event.sessionId());
    out.put("runId", event.runId());
    out.put("type", event.type());
    out.put("at", event.at().toString());
    out.set("data", event.data());
    return out;
  }
}
