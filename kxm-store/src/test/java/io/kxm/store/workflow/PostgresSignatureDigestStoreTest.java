package io.kxm.store.workflow;

import io.kxm.testkit.PostgresSchema;
import java.time.Clock;

class PostgresSignatureDigestStoreTest extends SignatureDigestStoreContract {
  private PostgresSchema schema;

  @Override
  protected JdbcHarness open(Clock clock) {
    schema = PostgresSchema.create("signature_digest");
    return Harnesses.postgres(schema, clock);
  }

  @Override
  protected void cleanUp() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }
}
