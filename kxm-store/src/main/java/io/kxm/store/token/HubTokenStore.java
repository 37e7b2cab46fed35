package io.kxm.store.token;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The hashes of the hub's admin and project tokens, shared by every node on one database. A holder
 * is the admin ({@code project} empty) or one project. Revoked rows stay, so a copy of an old token
 * kept elsewhere is refused rather than imported again.
 */
public interface HubTokenStore {

  /** The row of {@code hash}, accepted or revoked. */
  Optional<StoredToken> find(String hash);

  /**
   * Records a token some node read from its credentials file, unless its hash is known already
   * (then nothing changes, even when that row was revoked).
   *
   * @return whether a row was added
   */
  boolean importIfAbsent(String hash, Optional<String> project);

  /**
   * Revokes every accepted token of the holder, adds each of {@code alsoRevoke} not yet known as a
   * revoked row, and adds {@code newHash} as the holder's one accepted token.
   *
   * @return the new row
   */
  StoredToken rotate(Optional<String> project, String newHash, Collection<String> alsoRevoke);

  /**
   * Revokes every accepted token of the holder and records each of {@code alsoRevoke} as revoked.
   *
   * @return how many accepted tokens stopped being accepted
   */
  int revoke(Optional<String> project, Collection<String> alsoRevoke);

  /** Whether the holder has a token that is accepted now. */
  boolean hasActive(Optional<String> project);

  /** The accepted project tokens, oldest project name first; hashes are for comparison only. */
  List<StoredToken> activeProjectTokens();
}
