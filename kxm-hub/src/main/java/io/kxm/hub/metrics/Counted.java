package io.kxm.hub.metrics;

import java.util.List;

/**
 * The decisions the hub counts, each a Micrometer counter with one tag. Tag values are bounded by
 * construction: outcomes from a fixed list, or an {@code ErrorCode}'s wire name; never an id, a
 * name or a path, so a busy hub cannot grow the number of series.
 */
public enum Counted {
  /** One request's life: sent (by a peer or the hub), delivered, replied, expired, cancelled. */
  MESSAGES(
      "kxm.messages",
      "outcome",
      "Requests by what became of them; sent counts each new request once",
      List.of("sent", "delivered", "replied", "expired", "cancelled")),
  /** A send the hub refused, by the error code it answered with. */
  MESSAGES_REFUSED(
      "kxm.messages.refused", "code", "Sends the hub refused, by error code", List.of()),
  /** A signed webhook that started a run, or answered with the run its delivery ID started. */
  WEBHOOK_STARTS(
      "kxm.webhook.starts",
      "outcome",
      "Signed webhooks that started a run (started) or repeated a delivery (duplicate)",
      List.of("started", "duplicate")),
  /** A webhook refused, by the error code it answered with (bad signature, replay, unknown...). */
  WEBHOOK_REJECTED("kxm.webhook.rejected", "reason", "Webhooks refused, by error code", List.of()),
  /** A signed webhook or signal whose signature had already been accepted once. */
  SIGNATURE_REPLAYS(
      "kxm.signature.replays.refused",
      "source",
      "Signed requests refused because their signature was accepted before",
      List.of("webhook", "signal")),
  /** One event of a runtime's sync push: stored, already held, or refused. */
  SYNC_EVENTS(
      "kxm.sync.events",
      "outcome",
      "Runtime run events pushed to the hub, by outcome",
      List.of("accepted", "duplicate", "refused")),
  /** A refused sync event, by the error code the pusher is told. */
  SYNC_REFUSED(
      "kxm.sync.events.refused", "code", "Runtime run events refused, by error code", List.of());

  private final String meterName;
  private final String tagKey;
  private final String description;
  private final List<String> knownValues;

  Counted(String meterName, String tagKey, String description, List<String> knownValues) {
    this.meterName = meterName;
    this.tagKey = tagKey;
    this.description = description;
    this.knownValues = knownValues;
  }

  public String meterName() {
    return meterName;
  }

  public String tagKey() {
    return tagKey;
  }

  public String description() {
    return description;
  }

  /** Values shown from the first scrape on (at zero), so a rate is defined before the first hit. */
  public List<String> knownValues() {
    return knownValues;
  }
}
