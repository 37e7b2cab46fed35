package io.kxm.hub.a2a;

import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** What the A2A tests share: bob, the exposed agent, and the client scripts. */
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

  /** A script of the test resources, copied into {@code dir} so node can run it from a file. */
  static Path script(Path dir, String name) throws IOException {
    Path copy = dir.resolve(name);
    try (InputStream in = A2aHubs.class.getResourceAsStream("/a2a/" + name)) {
      if (in == null) {
        throw new IOException("test resource /a2a/" + name + " is missing");
      }
      Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
    }
    return copy;
  }
}
