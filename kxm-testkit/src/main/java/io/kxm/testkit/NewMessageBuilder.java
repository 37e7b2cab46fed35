package io.kxm.testkit;

import io.kxm.core.messaging.Delivery;
import io.kxm.core.messaging.MessageLimits;
import io.kxm.core.messaging.NewMessage;
import java.time.Duration;

/** {@code aRequest().inProject("p1").from(alice).to(bob).ttl(Duration.ofMinutes(5)).build()}. */
public final class NewMessageBuilder {
  private String project = "test-project";
  private String from;
  private String to;
  private String content = "please review the diff";
  private Delivery delivery = Delivery.FOLLOW_UP;
  private Duration ttl = MessageLimits.DEFAULT_TTL;
  private String correlationId;
  private String idempotencyKey;
  private String requestHash;
  private int hopCount;
  private String workflowContext;

  private NewMessageBuilder() {}

  public static NewMessageBuilder aRequest() {
    return new NewMessageBuilder();
  }

  public NewMessageBuilder inProject(String value) {
    project = value;
    return this;
  }

  public NewMessageBuilder from(String agentId) {
    from = agentId;
    return this;
  }

  public NewMessageBuilder to(String agentId) {
    to = agentId;
    return this;
  }

  public NewMessageBuilder content(String value) {
    content = value;
    return this;
  }

  public NewMessageBuilder delivery(Delivery value) {
    delivery = value;
    return this;
  }

  public NewMessageBuilder ttl(Duration value) {
    ttl = value;
    return this;
  }

  public NewMessageBuilder correlationId(String value) {
    correlationId = value;
    return this;
  }

  /** Sets the key and the hash of the request it guards. */
  public NewMessageBuilder idempotent(String key, String hash) {
    idempotencyKey = key;
    requestHash = hash;
    return this;
  }

  public NewMessageBuilder hopCount(int value) {
    hopCount = value;
    return this;
  }

  public NewMessageBuilder workflowContext(String json) {
    workflowContext = json;
    return this;
  }

  public NewMessage build() {
    return new NewMessage(
        project,
        from,
        to,
        content,
        delivery,
        ttl,
        correlationId,
        idempotencyKey,
        requestHash,
        hopCount,
        workflowContext);
  }
}
