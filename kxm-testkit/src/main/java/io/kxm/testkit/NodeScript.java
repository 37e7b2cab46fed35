package io.kxm.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * A client script of the test resources run by the real {@code node}: the way a test drives an
 * official JavaScript client library against a hub. The script prints one JSON report.
 */
public final class NodeScript {
  private NodeScript() {}

  /**
   * Runs {@code resource} (a path under the test resources) with {@code env} added, in {@code dir},
   * and returns the JSON it printed; fails the test when it does not exit 0 within two minutes.
   */
  public static JsonNode run(Path dir, String resource, Map<String, String> env)
      throws IOException, InterruptedException {
    Path script = dir.resolve(Path.of(resource).getFileName());
    try (InputStream in = NodeScript.class.getResourceAsStream("/" + resource)) {
      if (in == null) {
        throw new IOException("test resource /" + resource + " is missing");
      }
      Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
    }
    Path errors = Files.createTempFile(dir, "node-", ".err");
    ProcessBuilder builder =
        new ProcessBuilder(AgentClis.require("node").toString(), script.toString())
            .redirectError(errors.toFile());
    builder.environment().putAll(env);
    Process node = builder.start();
    String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(node.waitFor(120, TimeUnit.SECONDS)).as("node ended within 2 minutes").isTrue();
    assertThat(node.exitValue())
        .as("node %s exited; stderr:%n%s", resource, Files.readString(errors))
        .isZero();
    return Json.read(out.strip());
  }
}
