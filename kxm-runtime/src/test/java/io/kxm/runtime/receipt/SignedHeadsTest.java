package io.kxm.runtime.receipt;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SignedHeadsTest {
  @TempDir Path dir;
  private Receipts signer;
  private Path file;

  @BeforeEach
  void key() {
    signer = new Receipts(ReceiptKeys.loadOrCreate(dir.resolve("receipt-key")));
    file = dir.resolve("heads.db");
  }

  @Test
  void a_read_right_after_an_advance_sees_it_signed_and_a_head_never_moves_back() {
    try (SignedHeads heads = SignedHeads.open(file, signer)) {
      for (int seq = 1; seq <= 500; seq++) {
        heads.advance("run_a", seq, "hash-" + seq);
      }
      heads.advance("run_a", 7, "hash-7");

      assertThat(heads.head("run_a"))
          .hasValueSatisfying(head -> {
            assertThat(head.sequence()).isEqualTo(500);
            assertThat(head.hash()).isEqualTo("hash-500");
            assertThat(head.signed()).isTrue();
          });
      assertThat(heads.head("run_unknown")).isEmpty();
    }
  }

  @Test
  void close_stores_every_pending_head_and_a_forgotten_run_is_not_stored() throws Exception {
    try (SignedHeads heads = SignedHeads.open(file, signer)) {
      heads.advance("run_kept", 3, "hash-3");
      heads.advance("run_gone", 9, "hash-9");
      heads.forget(List.of("run_gone"));
      heads.advance("run_last", 1, "hash-1");
    }

    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        ResultSet rs =
            c.createStatement().executeQuery("SELECT run_id, seq FROM heads ORDER BY run_id")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("run_kept");
      assertThat(rs.getLong(2)).isEqualTo(3);
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("run_last");
      assertThat(rs.next()).isFalse();
    }
  }

  @Test
  void a_burst_of_advances_is_signed_in_fewer_rounds_than_advances() throws Exception {
    try (SignedHeads heads = SignedHeads.open(file, signer)) {
      for (int seq = 1; seq <= 2_000; seq++) {
        heads.advance("run_busy", seq, "hash-" + seq);
      }
      assertThat(heads.head("run_busy")).map(SignedHead::sequence).hasValue(2_000L);
      // one signature a round, not one an advance
      assertThat(heads.roundsStored()).isLessThan(100);
    }
  }
}
