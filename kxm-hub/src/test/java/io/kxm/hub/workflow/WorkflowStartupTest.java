package io.kxm.hub.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.support.TestHubs;
import io.kxm.hub.support.Workflows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A hub whose workflows cannot work refuses to start, naming every problem. */
class WorkflowStartupTest {
  @TempDir Path dir;

  private KxmException startFails(Map<String, String> env) {
    HubConfig config = HubConfig.fromEnvironment(env, dir.resolve("project"));
    return catchThrowableOfType(KxmException.class, () -> HubAssembly.start(config, env).stop());
  }

  private Map<String, String> env() {
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_WORKFLOWS_DIR", dir.resolve("defs").toString());
    return env;
  }

  @Test
  void invalid_definitions_stop_the_start_with_every_problem_listed() throws Exception {
    Files.createDirectories(dir.resolve("defs"));
    Files.writeString(dir.resolve("defs/a.json"), "{\"id\": \"a\"}");
    Files.writeString(dir.resolve("defs/b.json"), "not json");

    KxmException refused = startFails(env());

    assertThat(refused.code()).isEqualTo(ErrorCode.WORKFLOW_DEFINITION_INVALID);
    assertThat(refused.getMessage()).contains("a.json").contains("b.json");
  }

  @Test
  void a_definition_whose_secret_variable_is_unset_stops_the_start_naming_the_variable() {
    Workflows.define(dir.resolve("defs"));

    KxmException refused = startFails(env());

    assertThat(refused.code()).isEqualTo(ErrorCode.WORKFLOW_SECRET_MISSING);
    assertThat(refused.getMessage()).contains(Workflows.START_ENV);
    assertThat(refused.getMessage()).doesNotContain(Workflows.START_SECRET);
  }
}
