package io.kxm.store.token;

/**
 * The token port a transaction hands out; {@code Tx} gains it by extending this interface, so a
 * rotation revokes the old hashes and adds the new one in one commit.
 */
public interface TokenPorts {
  HubTokenStore hubTokens();
}
