package io.kxm.cli.agent;

import io.kxm.client.AgentConnection;
import io.kxm.client.ConnectionSettings;
import io.kxm.core.peer.PeerOperations;
import java.time.Clock;

/**
 * Opens the agent a command acts as. The CLI connects to a hub over HTTP; tests of the commands
 * alone pass an in-memory port instead.
 */
@FunctionalInterface
public interface AgentSessions {

  /** Registers the agent and keeps it present until the session closes. */
  AgentSession open(ConnectionSettings settings);

  /** An open agent: the peer port it acts through, until closed. */
  interface AgentSession extends AutoCloseable {
    PeerOperations peers();

    @Override
    void close();
  }

  /** Over the hub's HTTP API. */
  static AgentSessions http(Clock clock) {
    return settings -> {
      AgentConnection connection = AgentConnection.open(settings, clock);
      return new AgentSession() {
        @Override
        public PeerOperations peers() {
          return connection.peers();
        }

        @Override
        public void close() {
          connection.close();
        }
      };
    };
  }
}
