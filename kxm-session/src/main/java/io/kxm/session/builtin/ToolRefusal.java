package io.kxm.session.builtin;

/**
 * A tool call the tool cannot carry out as asked (a missing file, a string that is not there, a
 * file too large): told to the model as an error result, never a failure of the turn.
 */
final class ToolRefusal extends RuntimeException {
  ToolRefusal(String message) {
    super(message, null, false, false);
  }
}
