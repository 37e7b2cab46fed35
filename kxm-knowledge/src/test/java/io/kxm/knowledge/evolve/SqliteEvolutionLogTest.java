package io.kxm.knowledge.evolve;

import io.kxm.knowledge.KnowledgeDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class SqliteEvolutionLogTest extends EvolutionLogContract {
  @TempDir Path dir;

  @Override
  protected EvolutionLog openFresh() {
    return new EvolutionStore(KnowledgeDatabase.open(dir.resolve("knowledge.db")));
  }

  @Override
  protected EvolutionLog reopen() {
    return openFresh();
  }

  @Override
  protected void closeLog(EvolutionLog log) {
    log.database().close();
  }
}
