package io.kxm.session.harness;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.runtime.sandbox.SandboxEndpoint;
import io.kxm.runtime.sandbox.SandboxLaunch;
import io.kxm.session.api.TurnInput;
import io.kxm.session.api.WorkspaceAccess;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How a harness process starts when its turn asks for the sandbox ({@link TurnInput#sandboxed}):
 * wrapped by {@link Sandbox}, writable in the workspace (read-only for a read-only step) and the
 * harness's own scratch folders, with network to its model provider and the hub ({@value #HUB_URL},
 * when set) and nothing else. A turn that does not ask runs its command as it is.
 */
public final class HarnessSandbox {
  /** The hub the kxm tools of a harness reach, as the supervisor's environment names it. */
  public static final String HUB_URL = "KXM_SERVER_URL";

  private HarnessSandbox() {}

  /**
   * The endpoints a sandboxed harness may reach: {@code provider} (named by {@code setting} in a
   * refusal) and the hub when {@value #HUB_URL} is set in {@code supervisor}.
   *
   * @param provider the provider's base URL; null when the harness calls none
   * @throws KxmException {@code sandbox_unavailable} for a URL the sandbox cannot let through
   */
  public static List<SandboxEndpoint> endpoints(
      Map<String, String> supervisor, String provider, String setting) {
    List<SandboxEndpoint> out = new ArrayList<>();
    if (provider != null && !provider.isBlank()) {
      out.add(SandboxEndpoint.of(uri(provider.strip(), setting), setting));
    }
    String hub = supervisor.get(HUB_URL);
    if (hub != null && !hub.isBlank()) {
      out.add(SandboxEndpoint.of(uri(hub.strip(), HUB_URL), HUB_URL));
    }
    return List.copyOf(out);
  }

  /**
   * {@code argv} ready to start: inside the sandbox when the turn asks for it, else as it is.
   *
   * @param what names the harness in a refusal, such as {@code harness 'claude-code'}
   * @throws KxmException {@code sandbox_unavailable} when the turn asks and the sandbox cannot run
   */
  public static SandboxLaunch launch(
      Sandbox sandbox,
      TurnInput input,
      List<String> argv,
      Path root,
      List<Path> scratch,
      List<SandboxEndpoint> endpoints,
      String what) {
    return input.sandboxed()
        ? sandbox.wrap(
            argv, root, input.access() != WorkspaceAccess.READ_ONLY, scratch, endpoints, what)
        : SandboxLaunch.unwrapped(argv);
  }

  private static URI uri(String value, String setting) {
    try {
      return new URI(value);
    } catch (URISyntaxException e) {
      throw new KxmException(
          ErrorCode.SANDBOX_UNAVAILABLE,
          setting + " is not a URL, so the sandbox cannot let it through: " + e.getMessage());
    }
  }
}
