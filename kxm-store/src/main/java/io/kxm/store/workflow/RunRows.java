package io.kxm.store.workflow;

import io.kxm.core.workflow.definition.DefinitionHash;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.store.jdbc.Row;
import java.sql.SQLException;

/** The columns of {@code workflow_runs} that reading a run needs. */
final class RunRows {
  static final String COLUMNS = "id, definition";

  private RunRows() {}

  /** A run's ID with its pinned definition; the history comes from its own table. */
  record Head(String id, WorkflowDefinition definition) {}

  static Head map(Row row) throws SQLException {
    return new Head(row.string("id"), DefinitionHash.fromCanonicalJson(row.string("definition")));
  }
}
