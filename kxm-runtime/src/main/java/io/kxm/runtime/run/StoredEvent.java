package io.kxm.runtime.run;

import io.kxm.core.chain.HashChain;
import io.kxm.core.json.CanonicalJson;
import io.kxm.core.json.Json;
import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * One event as the store keeps it. {@code body} is the canonical envelope (run id, sequence, type,
 * time, payload and the previous event's hash); {@code hash} is the SHA-256 of exactly those bytes,
 * so any changed byte of the body shows.
 */
public record StoredEvent(
    String runId,
    long sequence,
    String type,
    Instant at,
    String prevHash,
    String body,
    String hash) {

  /** The hash a run's first event names as its predecessor. */
  public static final String GENESIS = HashChain.GENESIS;

  /** Builds the envelope for a new event and hashes it. */
  public static StoredEvent seal(
      String runId, long sequence, Instant at, String prevHash, RunEvent event) {
    var envelope = Json.object();
    envelope.put("at", at.toString());
    envelope.set("data", EventCodec.encode(event));
    envelope.put("prevHash", prevHash);
    envelope.put("runId", runId);
    envelope.put("seq", sequence);
    envelope.put("type", event.type());
    String body = CanonicalJson.text(envelope);
    return new StoredEvent(
        runId, sequence, event.type(), at, prevHash, body, HashChain.sealed(body));
  }

  /** The payload decoded from the body; the body is the truth, the columns are an index. */
  public RunEvent event() {
    JsonNode envelope = Json.read(body);
    return EventCodec.decode(envelope.path("type").asString(), envelope.path("data"));
  }
}
