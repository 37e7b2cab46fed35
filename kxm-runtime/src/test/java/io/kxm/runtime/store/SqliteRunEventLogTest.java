package io.kxm.runtime.store;

import io.kxm.runtime.receipt.ReceiptKeys;
import io.kxm.runtime.receipt.Receipts;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class SqliteRunEventLogTest extends RunEventLogContract {
  @TempDir Path dir;

  @Override
  protected RunEventLog openFresh() {
    Path runtime = dir.resolve("runtime");
    Receipts signer = new Receipts(ReceiptKeys.loadOrCreate(runtime.resolve("receipt-key")));
    return RunEventStore.open(runtime.resolve("run-events.db"), signer);
  }

  @Override
  protected RunEventLog reopen() {
    return openFresh();
  }
}
