package io.kxm.hub.a2a;

import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.io.IOException;

/** What the A2A tests share: bob, the exposed agent. */
final class A2aHubs {
  static final String BOB_PURPOSE = "Reviews Java changes; explains failing tests";

  private A2aHubs() {}

  /** Registers bob in project alpha with a purpose of two clauses, hence two skills. */
  static AgentKey registerBob(PlainHubClient alpha) throws IOException, InterruptedException {
    PlainHubClient.Reply reply =
        alpha.post(
            "/v1/projects/alpha/agents",
            null,
            "{\"name\":\"bob\",\"purpose\":\"" + BOB_PURPOSE + "\"}");
    if (reply.status() != 201) {
      throw new IOException("registration of bob failed: " + reply);
    }
    return new AgentKey(reply.text("agentId"), reply.text("agentKey"));
  }
}
