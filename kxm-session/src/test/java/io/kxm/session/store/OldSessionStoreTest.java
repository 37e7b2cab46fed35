package io.kxm.session.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.session.api.Session;
import io.kxm.store.sqlite.SqliteSchema;
import io.kxm.testkit.OldFiles;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A session store written by the build before Flyway (hand-numbered version 1). */
class OldSessionStoreTest {
  @TempDir Path folder;

  @Test
  void a_version_1_store_is_backed_up_baselined_and_keeps_its_sessions() {
    Path file = OldFiles.copy("sessions.db", folder.resolve("sessions.db"));
    try (SqliteSessionStore store =
        SqliteSessionStore.open(file, SettableClock.atEpochSecond(1_900_000_000))) {
      List<Session> sessions = store.sessions(10);
      assertThat(sessions).hasSize(1);
      String sessionId = sessions.getFirst().id();
      assertThat(store.runs(sessionId)).hasSize(1);
      assertThat(store.messages(sessionId)).extracting(m -> m.content()).contains("old message");
    }
    assertThat(OldFiles.backups(folder)).containsExactly("sessions.db.v1.bak");
    assertThat(OldFiles.number(folder.resolve("sessions.db.v1.bak"), "SELECT count(*) FROM runs"))
        .isEqualTo(1);
    assertThat(OldFiles.number(file, "PRAGMA user_version"))
        .as("above 1, so the build before Flyway refuses it as newer")
        .isEqualTo(SqliteSchema.MARKER_BASE + 4);
  }
}
