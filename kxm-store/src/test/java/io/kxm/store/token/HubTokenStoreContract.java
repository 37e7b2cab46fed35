package io.kxm.store.token;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.store.StoreContract;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The shared token table, the same on every backend. */
public abstract class HubTokenStoreContract extends StoreContract {

  private static String hash() {
    return UUID.randomUUID().toString().replace("-", "");
  }

  private HubTokenStore tokens() {
    return new RoutedTokens(store);
  }

  @Test
  void an_imported_hash_is_accepted_once_and_a_second_import_changes_nothing() {
    String hash = hash();

    assertThat(tokens().importIfAbsent(hash, Optional.of(project))).isTrue();
    assertThat(tokens().importIfAbsent(hash, Optional.of(project))).isFalse();

    StoredToken row = tokens().find(hash).orElseThrow();
    assertThat(row.project()).contains(project);
    assertThat(row.active()).isTrue();
    assertThat(row.origin()).isEqualTo("file");
    assertThat(row.generation()).isEqualTo(1);
    assertThat(tokens().hasActive(Optional.of(project))).isTrue();
  }

  @Test
  void rotation_revokes_every_old_hash_and_leaves_one_accepted_token() {
    String fromFile = hash();
    String unseen = hash();
    tokens().importIfAbsent(fromFile, Optional.of(project));
    clock.tick(Duration.ofSeconds(1));

    String next = hash();
    StoredToken rotated = tokens().rotate(Optional.of(project), next, List.of(unseen));

    assertThat(rotated.generation()).isGreaterThan(1);
    assertThat(rotated.origin()).isEqualTo("issued");
    assertThat(rotated.createdAt()).isEqualTo(clock.instant());
    assertThat(tokens().find(fromFile).orElseThrow().active()).isFalse();
    assertThat(tokens().find(unseen).orElseThrow().active()).isFalse();
    assertThat(tokens().find(next).orElseThrow().active()).isTrue();
    // A revoked copy found again in some node's file is not let back in.
    assertThat(tokens().importIfAbsent(fromFile, Optional.of(project))).isFalse();
    assertThat(tokens().find(fromFile).orElseThrow().active()).isFalse();
    assertThat(tokens().activeProjectTokens())
        .filteredOn(t -> t.project().equals(Optional.of(project)))
        .extracting(StoredToken::hash)
        .containsExactly(next);
  }

  @Test
  void revocation_leaves_the_project_without_an_accepted_token() {
    String hash = hash();
    tokens().rotate(Optional.of(project), hash, List.of());

    assertThat(tokens().revoke(Optional.of(project), List.of())).isEqualTo(1);

    assertThat(tokens().hasActive(Optional.of(project))).isFalse();
    assertThat(tokens().find(hash).orElseThrow().revokedAt()).isEqualTo(clock.instant());
    assertThat(tokens().revoke(Optional.of(project), List.of())).isZero();
  }

  @Test
  void the_admin_token_is_a_holder_of_its_own() {
    String admin = hash();
    tokens().rotate(Optional.empty(), admin, List.of());

    assertThat(tokens().find(admin).orElseThrow().project()).isEmpty();
    assertThat(tokens().hasActive(Optional.empty())).isTrue();
    assertThat(tokens().hasActive(Optional.of(project))).isFalse();
    assertThat(tokens().activeProjectTokens()).extracting(StoredToken::hash).doesNotContain(admin);
  }

  /** Each call in a transaction of its own, as the hub makes them. */
  private record RoutedTokens(io.kxm.store.Store store) implements HubTokenStore {
    @Override
    public Optional<StoredToken> find(String hash) {
      return store.read(tx -> tx.hubTokens().find(hash));
    }

    @Override
    public boolean importIfAbsent(String hash, Optional<String> project) {
      return store.write(tx -> tx.hubTokens().importIfAbsent(hash, project));
    }

    @Override
    public StoredToken rotate(
        Optional<String> project, String newHash, java.util.Collection<String> alsoRevoke) {
      return store.write(tx -> tx.hubTokens().rotate(project, newHash, alsoRevoke));
    }

    @Override
    public int revoke(Optional<String> project, java.util.Collection<String> alsoRevoke) {
      return store.write(tx -> tx.hubTokens().revoke(project, alsoRevoke));
    }

    @Override
    public boolean hasActive(Optional<String> project) {
      return store.read(tx -> tx.hubTokens().hasActive(project));
    }

    @Override
    public java.util.List<StoredToken> activeProjectTokens() {
      return store.read(tx -> tx.hubTokens().activeProjectTokens());
    }
  }
}
