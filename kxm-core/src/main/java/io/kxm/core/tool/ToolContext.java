package io.kxm.core.tool;

import io.kxm.core.peer.PeerOperations;
import java.util.Objects;

/**
 * What a tool may act through: the ports of the one agent the calling session is registered as.
 * Workflow and context ports join here as their tools join the catalog.
 */
public interface ToolContext {

  /** Peer messaging as the calling agent. */
  PeerOperations peers();

  static ToolContext of(PeerOperations peers) {
    Objects.requireNonNull(peers, "peers");
    return () -> peers;
  }
}
