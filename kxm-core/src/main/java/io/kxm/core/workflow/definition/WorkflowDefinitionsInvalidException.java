package io.kxm.core.workflow.definition;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.List;
import java.util.stream.Collectors;

/** Thrown when any definition file is invalid; carries every problem of every file at once. */
public final class WorkflowDefinitionsInvalidException extends KxmException {
  private final transient List<DefinitionError> errors;

  public WorkflowDefinitionsInvalidException(List<DefinitionError> errors) {
    super(
        ErrorCode.WORKFLOW_DEFINITION_INVALID,
        errors.size()
            + " problem(s) in workflow definitions:\n"
            + errors.stream().map(e -> "  " + e).collect(Collectors.joining("\n")));
    this.errors = List.copyOf(errors);
  }

  public List<DefinitionError> errors() {
    return errors;
  }
}
