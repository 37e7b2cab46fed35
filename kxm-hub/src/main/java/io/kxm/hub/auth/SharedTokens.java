package io.kxm.hub.auth;

import io.kxm.core.secret.Tokens;
import io.kxm.store.Store;
import io.kxm.store.token.StoredToken;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The token table every hub node on one store shares, holding SHA-256 hashes only. A node reads it
 * on every request it authenticates (one indexed lookup), so a rotation or revocation through any
 * node is in force on all of them with the next request.
 */
final class SharedTokens {
  private final Store store;

  SharedTokens(Store store) {
    this.store = store;
  }

  static String hash(String token) {
    return Tokens.sha256Hex(token);
  }

  /** The accepted row whose hash is the presented token's, compared in constant time. */
  Optional<StoredToken> accepted(String token) {
    String hash = hash(token);
    return store
        .read(tx -> tx.hubTokens().find(hash))
        .filter(row -> Tokens.equal(row.hash(), hash))
        .filter(StoredToken::active);
  }

  /**
   * Adds the hashes of a credentials file's tokens that the table does not know yet; a hash it
   * knows, revoked ones included, stays as it is.
   */
  void importFile(String adminToken, Map<String, String> projectTokens) {
    if (adminToken == null && projectTokens.isEmpty()) {
      return;
    }
    store.write(tx -> {
      if (adminToken != null) {
        tx.hubTokens().importIfAbsent(hash(adminToken), Optional.empty());
      }
      projectTokens.forEach(
          (project, token) -> tx.hubTokens().importIfAbsent(hash(token), Optional.of(project)));
      return null;
    });
  }

  boolean hasActive(Optional<String> holder) {
    return store.read(tx -> tx.hubTokens().hasActive(holder));
  }

  /**
   * Makes {@code token} the holder's only accepted token.
   *
   * @param fileToken the holder's token in this node's credentials file, refused from now on too
   */
  StoredToken rotate(Optional<String> holder, String token, Optional<String> fileToken) {
    List<String> alsoRevoke = fileToken.map(SharedTokens::hash).stream().toList();
    return store.write(tx -> tx.hubTokens().rotate(holder, hash(token), alsoRevoke));
  }

  /** Revokes every accepted token of the project; returns how many were accepted. */
  int revoke(String project, Optional<String> fileToken) {
    List<String> alsoRevoke = fileToken.map(SharedTokens::hash).stream().toList();
    return store.write(tx -> tx.hubTokens().revoke(Optional.of(project), alsoRevoke));
  }

  List<StoredToken> activeProjectTokens() {
    return store.read(tx -> tx.hubTokens().activeProjectTokens());
  }
}
