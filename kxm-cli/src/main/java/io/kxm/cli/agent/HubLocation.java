package io.kxm.cli.agent;

import io.kxm.cli.CliContext;
import io.kxm.cli.hub.HubProcessFile;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.HubConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

/**
 * Which hub an agent talks to: {@code KXM_SERVER_URL}, else the hub running for the project in the
 * working folder (its claim in {@code .kxm/state/hub.json}), else the local default.
 *
 * @param url the base URL, without a trailing slash
 * @param source where it came from, for messages
 */
public record HubLocation(URI url, String source) {
  public static final String SERVER_URL = "KXM_SERVER_URL";
  static final String DEFAULT_URL = "http://127.0.0.1:" + HubConfig.DEFAULT_PORT;

  public static HubLocation resolve(CliContext context) {
    String explicit = context.env().get(SERVER_URL);
    if (explicit != null && !explicit.isBlank()) {
      return new HubLocation(parse(explicit.strip()), SERVER_URL);
    }
    Optional<HubProcessFile> running =
        HubProcessFile.read(context.projectPaths().hubPidFile())
            .filter(HubProcessFile::processAlive);
    if (running.isPresent()) {
      return new HubLocation(
          parse(running.get().url()), "the hub running for this folder (.kxm/state/hub.json)");
    }
    return new HubLocation(URI.create(DEFAULT_URL), "the default local hub");
  }

  static URI parse(String text) {
    String trimmed = text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    try {
      URI uri = new URI(trimmed);
      String scheme = uri.getScheme();
      if (("http".equals(scheme) || "https".equals(scheme))
          && uri.getHost() != null
          && (uri.getRawPath() == null || uri.getRawPath().isEmpty())
          && uri.getRawQuery() == null) {
        return uri;
      }
    } catch (URISyntaxException e) {
      // Reported below with the expected shape.
    }
    throw new KxmException(
        ErrorCode.CONFIG_INVALID,
        SERVER_URL + " must be the hub's base URL like http://127.0.0.1:7331, got '" + text + "'",
        "Set " + SERVER_URL + " to the scheme, host and port of the hub, without a path.");
  }
}
