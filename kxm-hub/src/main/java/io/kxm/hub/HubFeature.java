package io.kxm.hub;

/**
 * A part of the hub that adds routes, servlets or meters (messages, workflows, the MCP endpoint).
 * The server installs each feature once, before it binds, and never changes them while it runs.
 */
@FunctionalInterface
public interface HubFeature {

  /** Registers this feature's routes through {@link HubContext#routes()}. */
  void install(HubContext hub);
}
