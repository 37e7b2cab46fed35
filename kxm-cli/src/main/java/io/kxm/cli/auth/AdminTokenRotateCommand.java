package io.kxm.cli.auth;

import io.kxm.cli.CliContext;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kxm auth admin-token rotate}: a new admin token; the old one stops at once. */
@Command(
    name = "rotate",
    mixinStandardHelpOptions = true,
    description = {
      "Replace the admin token on the running hub; every hub node refuses the old one at once.",
      "The hub that answers saves the new token in its hub-env.json (mode 0600); copy it to the"
          + " hub-env.json of other nodes' machines and to anyone who set KXM_AUTH_TOKEN."
    })
public final class AdminTokenRotateCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--json", description = "Print {\"token\": …}.")
  boolean json;

  public AdminTokenRotateCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    var answer = TokenAdmin.call(context, admin -> admin.rotateAdmin());
    TokenAdmin.printIssued(context, answer, json);
    if (!json) {
      context
          .err()
          .println(
              "rotated the admin token (generation "
                  + answer.path("generation").asLong()
                  + "); the old one is refused from now on");
    }
    return 0;
  }
}
