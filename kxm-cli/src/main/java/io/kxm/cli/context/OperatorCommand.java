package io.kxm.cli.context;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.cli.agent.HubLocation;
import io.kxm.client.HttpContextAdmin;
import io.kxm.client.HubHttp;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Function;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;

/**
 * Base of the {@code kxm context} commands: they act as an operator, with the admin token from
 * {@code KXM_AUTH_TOKEN}, on the hub {@link HubLocation} finds, for the project {@code --project}
 * names (else {@code KXM_PROJECT}, {@code .kxm/config.yaml} or the folder's name).
 */
abstract class OperatorCommand implements Callable<Integer> {
  static final String TOKEN = AgentSettings.TOKEN;
  static final String OPERATOR = "KXM_OPERATOR";

  protected final CliContext context;

  @Option(names = "--project", description = "The project; defaults as for agents.")
  String project;

  @Option(names = "--json", description = "Print the hub's answer as one JSON object.")
  boolean json;

  OperatorCommand(CliContext context) {
    this.context = context;
  }

  /** One request through a fresh operator client, closed as soon as the hub has answered. */
  JsonNode call(Function<HttpContextAdmin, JsonNode> request) {
    try (HttpContextAdmin admin = admin()) {
      return request.apply(admin);
    }
  }

  /** The operator client, with the admin token. */
  private HttpContextAdmin admin() {
    String token = context.env().get(TOKEN);
    if (token == null || token.isBlank()) {
      throw new KxmException(
          ErrorCode.ADMIN_REQUIRED,
          "kxm context commands act as an operator and need the admin token in " + TOKEN,
          "Set "
              + TOKEN
              + " to the hub's admin token (kxm hub start prints where it is kept) and run again.");
    }
    return new HttpContextAdmin(new HubHttp(HubLocation.resolve(context).url(), token.strip()));
  }

  String project() {
    return project != null ? project : AgentSettings.project(context).value();
  }

  /**
   * The operator's name for proposals and decisions: {@code --as}, else {@code KXM_OPERATOR}, else
   * {@code USER}.
   */
  String operator(String given) {
    for (String candidate :
        new String[] {given, context.env().get(OPERATOR), context.env().get("USER")}) {
      if (candidate != null && !candidate.isBlank()) {
        return candidate.strip();
      }
    }
    throw new KxmException(
        ErrorCode.INVALID_REQUEST,
        "no operator name: --as, " + OPERATOR + " and USER are all unset",
        "Name yourself with --as <name> or set " + OPERATOR + ".");
  }

  /** Prints {@code answer} as JSON with {@code --json}, else as {@code text} writes it. */
  int print(JsonNode answer, Consumer<JsonNode> text) {
    if (json) {
      context.out().println(Json.write(answer));
    } else {
      text.accept(answer);
    }
    context.out().flush();
    return 0;
  }

  void line(String text) {
    context.out().println(text);
  }

  /** A summary cut to one line of at most {@code max} characters, for listings. */
  static String oneLine(String text, int max) {
    String flat = text.replaceAll("\\s+", " ").strip();
    return flat.length() <= max ? flat : flat.substring(0, max - 1) + "…";
  }
}
