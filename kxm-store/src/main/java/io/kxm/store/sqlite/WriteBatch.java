package io.kxm.store.sqlite;

import io.kxm.core.error.KxmException;
import io.kxm.store.jdbc.GroupCommitWriter;
import io.kxm.store.jdbc.WriteRequest;
import java.util.List;

/**
 * One transaction over many callers' requests. Each request runs inside its own savepoint, so a
 * request that throws is undone alone; the others commit together, and only then hear back.
 */
final class WriteBatch {
  private final WriterConnection writer;
  private final List<WriteRequest<?>> requests;

  WriteBatch(WriterConnection writer, List<WriteRequest<?>> requests) {
    this.writer = writer;
    this.requests = requests;
  }

  /** The group commit's batches on SQLite's one writer connection, which it closes at the end. */
  static GroupCommitWriter.Batches on(WriterConnection writer) {
    return new GroupCommitWriter.Batches() {
      @Override
      public void run(List<WriteRequest<?>> batch) {
        new WriteBatch(writer, batch).run();
      }

      @Override
      public void close() {
        writer.close();
      }
    };
  }

  void run() {
    try {
      writer.execute("BEGIN IMMEDIATE");
    } catch (KxmException e) {
      requests.forEach(request -> request.fail(e));
      return;
    }
    try {
      requests.forEach(this::runOne);
      writer.execute("COMMIT");
    } catch (KxmException e) {
      writer.rollbackQuietly();
      requests.forEach(request -> request.failIfPending(e));
      return;
    }
    requests.forEach(WriteRequest::complete);
  }

  private void runOne(WriteRequest<?> request) {
    writer.execute("SAVEPOINT write");
    try {
      request.run(writer.jdbc());
      writer.execute("RELEASE write");
    } catch (Throwable failure) { // the writer thread must outlive any one request
      request.fail(failure);
      // If SQLite ended the whole transaction, this throws and the batch fails as one.
      writer.execute("ROLLBACK TO write");
      writer.execute("RELEASE write");
    }
  }
}
