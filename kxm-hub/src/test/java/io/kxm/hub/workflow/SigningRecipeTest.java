package io.kxm.hub.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kxm.core.json.Json;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.WorkflowHub;
import io.kxm.hub.support.Workflows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The shell recipe docs/http-api.md gives for signing a webhook, run as written through bash,
 * openssl and curl against a real hub: what the documentation tells a sender to do works.
 */
class SigningRecipeTest {
  private static final String MARKER = "From a shell, with `openssl`";

  @TempDir Path dir;

  @Test
  void the_documented_openssl_recipe_signs_a_webhook_the_hub_accepts() throws Exception {
    assumeTrue(onPath("bash") && onPath("openssl") && onPath("curl"), "bash, openssl and curl");
    String recipe = recipe();
    try (WorkflowHub hub = new WorkflowHub(dir)) {
      hub.clock.set(Instant.now());
      AgentClient lead = hub.agent("lead");

      ProcessBuilder shell = new ProcessBuilder("bash", "-euo", "pipefail", "-c", recipe);
      shell.environment().put("KXM_SERVER_URL", hub.hub.baseUrl());
      shell.environment().put("KXM_RELEASE_SECRET", Workflows.START_SECRET);
      shell.redirectErrorStream(true);
      Process process = shell.start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

      assertThat(process.exitValue()).as(out).isZero();
      JsonNode answer = Json.read(out);
      assertThat(answer.path("duplicate").asBoolean(true)).as(out).isFalse();
      assertThat(answer.path("workflowId").asString()).isEqualTo(Workflows.ID);
      assertThat(hub.run(lead, answer.path("runId").asString()).path("status").asString())
          .isEqualTo("running");
    }
  }

  /** The bash block that follows the recipe's introduction in the API reference. */
  private static String recipe() throws IOException {
    String doc = Files.readString(Path.of("..", "docs", "http-api.md"));
    int intro = doc.indexOf(MARKER);
    assertThat(intro).as("docs/http-api.md introduces the recipe").isNotNegative();
    int open = doc.indexOf("```bash\n", intro) + "```bash\n".length();
    int close = doc.indexOf("```", open);
    return doc.substring(open, close);
  }

  private static boolean onPath(String tool) throws IOException, InterruptedException {
    return new ProcessBuilder("sh", "-c", "command -v " + tool)
            .redirectErrorStream(true)
            .start()
            .waitFor()
        == 0;
  }
}
