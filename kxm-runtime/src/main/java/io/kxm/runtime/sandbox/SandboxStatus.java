package io.kxm.runtime.sandbox;

/**
 * Whether the sandbox can run here, as {@code kxm runtime status} reports it.
 *
 * @param tool the tool the sandbox is built on, {@code bwrap}
 * @param path the tool's absolute path; null when it was not found
 * @param detail what was found, or why the sandbox cannot run
 * @param network whether a sandboxed harness can be let through to its model provider; null until
 *     looked for
 */
public record SandboxStatus(
    boolean available, String tool, String path, String detail, Network network) {
  public SandboxStatus(boolean available, String tool, String path, String detail) {
    this(available, tool, path, detail, null);
  }

  SandboxStatus withNetwork(Network found) {
    return new SandboxStatus(available, tool, path, detail, found);
  }

  /**
   * The forwarder that lets a sandbox reach its allowed endpoints.
   *
   * @param tool {@code socat}
   * @param path its absolute path; null when it was not found
   * @param detail what was found, or why endpoints cannot be let through
   */
  public record Network(boolean available, String tool, String path, String detail) {}
}
