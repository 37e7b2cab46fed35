package io.kxm.cli.agent.worker;

import io.kxm.core.peer.Limits;

/**
 * The reply a turn's final output becomes: the output itself when it fits the hub's limit on a
 * reply, else its start and a note saying it was cut and where the whole of it is.
 */
final class ReplyText {
  private ReplyText() {}

  static String of(String output, String runId) {
    String text =
        output == null || output.isBlank() ? "(the turn ended without a message)" : output;
    int length = text.codePointCount(0, text.length());
    if (length <= Limits.CONTENT_MAX) {
      return text;
    }
    String note =
        "\n\n[kxm: reply cut to fit the hub's limit of "
            + Limits.CONTENT_MAX
            + " characters; the full output ("
            + length
            + " characters) is in run "
            + runId
            + " on the worker's machine]";
    int keep = Limits.CONTENT_MAX - note.codePointCount(0, note.length());
    return text.substring(0, text.offsetByCodePoints(0, keep)) + note;
  }
}
