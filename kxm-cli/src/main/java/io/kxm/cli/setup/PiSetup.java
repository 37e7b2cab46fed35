package io.kxm.cli.setup;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * Pi loads the extension files its project settings ({@code .pi/settings.json}) list under {@code
 * extensions}, absolute paths or paths relative to {@code .pi}. The kxm extension reads the hub,
 * project and agent name from the environment pi runs in; nothing of kxm's goes into the settings
 * but the path.
 */
final class PiSetup {
  static final String ENTRY = "index.ts";

  private PiSetup() {}

  static SetupPlan plan(SetupContext setup) {
    Path launcher = launcher(setup);
    Path extension = extension(launcher);
    Path settingsFile = setup.root().resolve(".pi").resolve("settings.json");
    JsonConfig settings = JsonConfig.read(settingsFile);
    ArrayNode extensions = JsonConfig.array(settings.tree(), "extensions", settingsFile);
    String wanted = extension.toString();
    boolean present = false;
    for (int i = extensions.size() - 1; i >= 0; i--) {
      JsonNode item = extensions.get(i);
      if (!item.isString()) {
        continue;
      }
      String path = item.asString();
      if (path.equals(wanted)) {
        present = true;
      } else if (isKxm(path)) {
        // another kxm's extension (an older install, a moved checkout) gives way to this one
        extensions.remove(i);
      }
    }
    if (!present) {
      extensions.add(wanted);
    }
    List<String> next = new ArrayList<>();
    next.add(
        "start pi in "
            + setup.root()
            + " with KXM_PROJECT="
            + setup.project()
            + " KXM_AGENT_NAME="
            + setup.name()
            + (KxmLauncher.onPath(setup.env().getOrDefault("PATH", ""))
                    .filter(launcher::equals)
                    .isPresent()
                ? ""
                : " KXM_BIN=" + launcher)
            + " (and KXM_SERVER_URL, KXM_AUTH_TOKEN unless kxm saved them): the extension reads"
            + " them from pi's environment.");
    return new SetupPlan(List.of(settings.change(false)), next);
  }

  private static boolean isKxm(String path) {
    String normal = path.replace('\\', '/');
    return normal.endsWith("/integrations/pi/" + ENTRY) || normal.endsWith("/integrations/pi");
  }

  /** This kxm's launcher, or plain {@code kxm} when none is found (the extension's default). */
  private static Path launcher(SetupContext setup) {
    try {
      return KxmLauncher.find(setup.env());
    } catch (KxmException e) {
      return Path.of("kxm");
    }
  }

  /** {@code integrations/pi/index.ts} of this kxm. */
  private static Path extension(Path launcher) {
    Path found =
        KxmLauncher.integration(launcher, "pi/" + ENTRY)
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.SETUP_INTEGRATION_NOT_FOUND,
                    "found no integrations/pi/"
                        + ENTRY
                        + " beside the running kxm or its launcher"));
    return found.toAbsolutePath().normalize();
  }
}
