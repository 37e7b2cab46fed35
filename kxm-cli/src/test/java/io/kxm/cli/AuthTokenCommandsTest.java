package io.kxm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm auth project-token rotate|revoke|list} and {@code admin-token rotate} on a hub. */
class AuthTokenCommandsTest {
  @TempDir Path dir;
  HubServer hub;
  Map<String, String> env;
  String alpha;

  @BeforeEach
  void start() {
    Map<String, String> base = TestEnv.of(dir);
    alpha = token(CliRun.run(base, dir, "auth", "project-token", "create", "alpha", "--json"));
    hub = HubAssembly.start(HubConfig.fromEnvironment(base, dir.resolve("project")), base);
    env = new HashMap<>(base);
    env.put("KXM_SERVER_URL", hub.baseUrl());
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  private CliRun kxm(String... args) {
    return CliRun.run(env, dir, args);
  }

  private static String token(CliRun run) {
    assertThat(run.exitCode()).as(run.err()).isZero();
    return Json.read(run.out()).path("token").asString();
  }

  private int whoami(String token) throws Exception {
    try (HttpClient client = HttpClient.newHttpClient()) {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(hub.baseUrl() + "/v1/whoami"))
              .header("Authorization", "Bearer " + token)
              .build();
      return client.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
    }
  }

  @Test
  void rotate_prints_the_new_token_as_create_does_and_the_old_one_is_refused_at_once()
      throws Exception {
    CliRun run = kxm("auth", "project-token", "rotate", "alpha", "--json");

    JsonNode printed = Json.read(run.out());
    assertThat(printed.properties())
        .extracting(Map.Entry::getKey)
        .containsExactly("project", "token");
    assertThat(printed.path("project").asString()).isEqualTo("alpha");
    String fresh = token(run);
    assertThat(whoami(alpha)).isEqualTo(401);
    assertThat(whoami(fresh)).isEqualTo(200);

    CliRun plain = kxm("auth", "project-token", "rotate", "alpha");
    assertThat(plain.out().strip()).startsWith("kxm_project_").isNotEqualTo(fresh);
    assertThat(plain.err()).contains("old token is refused");
    assertThat(whoami(fresh)).isEqualTo(401);
  }

  @Test
  void revoke_refuses_the_token_at_once_and_a_second_revoke_says_there_is_none() throws Exception {
    CliRun run = kxm("auth", "project-token", "revoke", "alpha");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(whoami(alpha)).isEqualTo(401);
    CliRun again = kxm("auth", "project-token", "revoke", "alpha");
    assertThat(again.exitCode()).isEqualTo(1);
    assertThat(again.err()).startsWith("error: project_token_not_found:").contains("next:");
  }

  @Test
  void list_shows_names_and_creation_times_and_never_a_token_value() {
    String fresh = token(kxm("auth", "project-token", "rotate", "alpha", "--json"));
    String beta = token(kxm("auth", "project-token", "create", "beta", "--json"));

    CliRun text = kxm("auth", "project-token", "list");
    CliRun json = kxm("auth", "project-token", "list", "--json");

    assertThat(text.exitCode()).as(text.err()).isZero();
    assertThat(text.out()).contains("PROJECT", "CREATED", "alpha", "beta", "issued", "file");
    JsonNode tokens = Json.read(json.out()).path("tokens");
    assertThat(tokens)
        .extracting(t -> t.path("project").asString())
        .containsExactly("alpha", "beta");
    assertThat(tokens.get(0).path("createdAt").asString()).matches("\\d{4}-.*Z");
    for (String output : new String[] {text.out(), json.out(), text.err(), json.err()}) {
      assertThat(output).doesNotContain(alpha).doesNotContain(fresh).doesNotContain(beta);
    }
  }

  @Test
  void admin_token_rotate_refuses_the_old_admin_token_and_later_commands_use_the_new_one()
      throws Exception {
    String old = Files.readString(dir.resolve("state/hub-env.json"));
    String oldAdmin = Json.read(old).path("adminToken").asString();

    String fresh = token(kxm("auth", "admin-token", "rotate", "--json"));

    assertThat(fresh).startsWith("kxm_admin_").isNotEqualTo(oldAdmin);
    assertThat(whoami(oldAdmin)).isEqualTo(401);
    assertThat(whoami(fresh)).isEqualTo(200);
    assertThat(kxm("auth", "project-token", "list").exitCode()).isZero();
  }

  @Test
  void a_bad_project_name_is_refused_before_the_hub_is_asked_and_every_command_has_help() {
    CliRun bad = kxm("auth", "project-token", "rotate", "../etc");
    assertThat(bad.exitCode()).isEqualTo(1);
    assertThat(bad.err()).startsWith("error: invalid_request:");

    for (String[] args :
        new String[][] {
          {"auth", "project-token", "rotate", "--help"},
          {"auth", "project-token", "revoke", "--help"},
          {"auth", "project-token", "list", "--help"},
          {"auth", "admin-token", "rotate", "--help"}
        }) {
      CliRun help = kxm(args);
      assertThat(help.exitCode()).as(String.join(" ", args)).isZero();
      assertThat(help.out()).as(String.join(" ", args)).contains("Usage:");
    }
  }
}
