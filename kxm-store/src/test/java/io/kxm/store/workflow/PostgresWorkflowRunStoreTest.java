package io.kxm.store.workflow;

import io.kxm.testkit.PostgresSchema;
import java.time.Clock;

class PostgresWorkflowRunStoreTest extends WorkflowRunStoreContract {
  private PostgresSchema schema;

  @Override
  protected JdbcHarness open(Clock clock) {
    schema = PostgresSchema.create("workflow_run");
    return Harnesses.postgres(schema, clock);
  }

  @Override
  protected void cleanUp() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }
}
