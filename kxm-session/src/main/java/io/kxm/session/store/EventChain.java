package io.kxm.session.store;

import io.kxm.core.json.Json;
import io.kxm.runtime.config.CanonicalJson;
import io.kxm.session.api.SessionEvent;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import tools.jackson.databind.node.ObjectNode;

/**
 * The hash chain of a run's events: each hash is the SHA-256 (hex) of the previous hash followed by
 * the canonical JSON of the envelope (keys sorted at every level, no layout), so editing, removing
 * or reordering a stored event breaks every hash after it. A run's first event chains from {@link
 * #GENESIS}. Events of the session itself ({@code session.created}) belong to no run and are not
 * chained.
 */
final class EventChain {
  static final String GENESIS = "0".repeat(64);

  private EventChain() {}

  static String hash(String prevHash, SessionEvent event) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime provides SHA-256", e);
    }
    sha.update(prevHash.getBytes(StandardCharsets.US_ASCII));
    sha.update(CanonicalJson.bytes(envelope(event)));
    return HexFormat.of().formatHex(sha.digest());
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
