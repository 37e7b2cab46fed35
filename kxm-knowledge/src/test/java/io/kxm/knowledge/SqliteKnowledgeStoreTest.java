package io.kxm.knowledge;

import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.io.TempDir;

class SqliteKnowledgeStoreTest extends KnowledgeStoreContract {
  @TempDir Path dir;

  @Override
  protected KnowledgeStore openFresh(Clock clock) {
    return KnowledgeDatabase.open(dir.resolve("knowledge").resolve("knowledge.db"), clock);
  }

  @Override
  protected KnowledgeStore reopen(Clock clock) {
    return openFresh(clock);
  }
}
