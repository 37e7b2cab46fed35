package io.kxm.cli.auth;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;

/** {@code kxm auth project-token list}: the projects with a token, never the tokens. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {
      "List the projects the running hub holds a token for: name, creation time, generation and"
          + " source (file, issued or environment). Token values are never shown."
    })
public final class ProjectTokenListCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--json", description = "Print {\"tokens\": [{project, createdAt, …}]}.")
  boolean json;

  public ProjectTokenListCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    JsonNode answer = TokenAdmin.call(context, admin -> admin.list());
    if (json) {
      context.out().println(Json.write(answer));
      return 0;
    }
    JsonNode tokens = answer.path("tokens");
    if (tokens.isEmpty()) {
      context.out().println("no project tokens (create one with: kxm auth project-token create)");
      return 0;
    }
    context.out().printf("%-24s %-26s %-10s %s%n", "PROJECT", "CREATED", "GENERATION", "SOURCE");
    for (JsonNode token : tokens) {
      String created = token.path("createdAt").isNull() ? "-" : token.path("createdAt").asString();
      context
          .out()
          .printf(
              "%-24s %-26s %-10s %s%n",
              token.path("project").asString(),
              created,
              token.path("generation").asLong(),
              token.path("source").asString());
    }
    return 0;
  }
}
