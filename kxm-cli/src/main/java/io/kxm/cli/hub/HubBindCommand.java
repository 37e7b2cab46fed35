package io.kxm.cli.hub;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.cli.run.ProjectRoot;
import io.kxm.client.HttpClients;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.sync.HubBinding;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm hub bind <url>}: points one project's runtime sync at a hub, the project this is run
 * in (the Git top level, else the folder) or the one {@code --project-root} names; other projects
 * on the machine keep their own bindings. The token is checked with {@code /v1/whoami} first and
 * must be a project token; it is saved owner-only and never printed.
 */
@Command(
    name = "bind",
    mixinStandardHelpOptions = true,
    description = {
      "Bind this project's runtime to a hub: its runs sync there with a project token. Other",
      "projects on this machine are not affected; bind each one that should sync.",
      "The token comes from --token, else KXM_AUTH_TOKEN, else the project's saved token.",
      "Exit code 0 when bound, 1 when the hub does not answer or refuses the token."
    })
public final class HubBindCommand implements Callable<Integer> {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final CliContext context;

  @Parameters(
      index = "0",
      paramLabel = "URL",
      description = "The hub's base URL, e.g. http://127.0.0.1:7331.")
  String url;

  @Option(
      names = "--token",
      paramLabel = "TOKEN",
      description = "The project token (prefer KXM_AUTH_TOKEN: options show in process lists).")
  String token;

  @Option(
      names = "--project-root",
      paramLabel = "DIR",
      description = "The project to bind (default: the Git top level above this folder).")
  Path projectRoot;

  @Option(names = "--json", description = "Print the binding (without its token) as JSON.")
  boolean json;

  public HubBindCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    URI hub = HubBinding.requireUrl(url);
    Path root = boundRoot();
    String key = ProjectKeys.key(root);
    String presented = token != null && !token.isBlank() ? token.strip() : resolveToken();
    String project = whoAmI(hub, presented);
    HubBinding binding = new HubBinding(hub, presented, project, Clock.systemUTC().instant());
    binding.save(context.statePaths(), key);
    Path file = HubBinding.file(context.statePaths(), key);
    if (json) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("url", hub.toString());
      out.put("project", project);
      out.put("projectRoot", root.toString());
      out.put("boundAt", binding.boundAt().toString());
      out.put("file", file.toString());
      context.out().println(Json.write(out));
    } else {
      context.out().println("bound " + root + " to " + hub + " for project " + project);
      context.out().println("  saved in " + file);
    }
    return 0;
  }

  /** The canonical root of the project to bind, which must hold a {@code .kxm/}. */
  private Path boundRoot() {
    Path named =
        projectRoot == null
            ? ProjectRoot.of(context)
            : context.workingDir().resolve(projectRoot).toAbsolutePath().normalize();
    if (!Files.exists(named.resolve(".kxm"), LinkOption.NOFOLLOW_LINKS)) {
      throw new KxmException(
          ErrorCode.CONFIG_NOT_FOUND,
          "no .kxm/ folder in " + named + ", so it is not a project whose runs could sync");
    }
    return ProjectKeys.canonical(named);
  }

  private String resolveToken() {
    return AgentSettings.token(context, AgentSettings.project(context)).value();
  }

  /** The project the token proves on {@code hub}. */
  private static String whoAmI(URI hub, String token) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(hub + "/v1/whoami"))
            .timeout(TIMEOUT)
            .header("Authorization", "Bearer " + token)
            .GET()
            .build();
    HttpResponse<String> response;
    try (HttpClient client = HttpClients.forBase(hub).connectTimeout(TIMEOUT).build()) {
      response = client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.HUB_UNREACHABLE,
          "the hub at " + hub + " does not answer (" + e.getClass().getSimpleName() + ")",
          "Check the URL and that the hub runs there ('kxm hub status' on its machine).");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KxmException(ErrorCode.HUB_UNREACHABLE, "interrupted while asking " + hub);
    }
    if (response.statusCode() == 401) {
      throw new KxmException(
          ErrorCode.AUTH_INVALID, "the hub at " + hub + " does not accept this token");
    }
    JsonNode body = parse(response.body());
    if (response.statusCode() != 200 || body == null || !body.path("role").isString()) {
      throw new KxmException(
          ErrorCode.HUB_UNREACHABLE,
          hub + "/v1/whoami answered " + response.statusCode() + " without a KXM identity",
          "Check that the URL names a KXM hub of this version.");
    }
    if (!"project".equals(body.path("role").asString()) || !body.path("project").isString()) {
      throw new KxmException(
          ErrorCode.SYNC_TOKEN_NOT_PROJECT,
          "the token is the hub's " + body.path("role").asString() + " token, not a project token");
    }
    return body.path("project").asString();
  }

  private static JsonNode parse(String text) {
    try {
      return Json.read(text);
    } catch (JacksonException e) {
      return null;
    }
  }
}
