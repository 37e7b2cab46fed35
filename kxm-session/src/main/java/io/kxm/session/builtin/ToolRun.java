package io.kxm.session.builtin;

/**
 * What a tool call produced, as the model will read it.
 *
 * @param isError whether the call failed or was refused; the text says why
 */
record ToolRun(String output, boolean isError) {
  static ToolRun ok(String output) {
    return new ToolRun(output, false);
  }

  static ToolRun error(String output) {
    return new ToolRun(output, true);
  }
}
