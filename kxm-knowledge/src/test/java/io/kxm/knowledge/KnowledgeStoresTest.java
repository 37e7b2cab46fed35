package io.kxm.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a knowledge database opens, as {@code KXM_RUNTIME_DATABASE_URL} says. */
class KnowledgeStoresTest {
  @TempDir Path dir;

  @Test
  void without_a_url_the_database_is_the_sqlite_file_named() {
    Path file = dir.resolve("evolve.db");
    RuntimeDatabase where = RuntimeDatabase.fromEnvironment(Map.of());
    assertThat(KnowledgeStores.exists(where, file)).isFalse();
    try (KnowledgeStore db = KnowledgeStores.open(where, file, Clock.systemUTC())) {
      assertThat(db).isInstanceOf(KnowledgeDatabase.class);
      assertThat(db.location()).isEqualTo(file.toString());
    }
    assertThat(KnowledgeStores.exists(where, file)).isTrue();
  }

  @Test
  void with_a_url_every_path_leads_to_the_knowledge_schema_and_no_file_is_made() throws Exception {
    try (PostgresSchema schema = PostgresSchema.create("kstores")) {
      Map<String, String> env =
          Map.of(
              RuntimeDatabase.URL,
              Services.postgresJdbcUrl(),
              RuntimeDatabase.SCHEMA,
              schema.name());
      RuntimeDatabase where = RuntimeDatabase.fromEnvironment(env);
      Path file = dir.resolve("evolve.db");
      assertThat(KnowledgeStores.exists(where, file)).isTrue();
      String id;
      try (KnowledgeStore db = KnowledgeStores.open(where, file, Clock.systemUTC())) {
        assertThat(db).isInstanceOf(PostgresKnowledgeStore.class);
        assertThat(db.file()).isEqualTo(file);
        assertThat(db.location()).contains("schema " + schema.name() + "_knowledge");
        id = db.databaseId();
        new KnowledgeEntries(db).add(NewEntry.attempt("t1", 1, "alice", "rotate the grid", 0.5));
      }
      try (KnowledgeStore other =
          KnowledgeStores.open(where, dir.resolve("other.db"), Clock.systemUTC())) {
        assertThat(other.databaseId()).isEqualTo(id);
        assertThat(new KnowledgeEntries(other).byTask("t1")).hasSize(1);
      }
      assertThat(file).doesNotExist();
    }
  }
}
