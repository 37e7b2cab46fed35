package io.kxm.cli.hub;

import io.kxm.client.HubErrors;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Why a background hub exited while starting, read from what this start wrote to the console log:
 * the child's own {@code error: <code>: <message>} and {@code next:} lines become the error the
 * parent reports, with the child's code, and the lines before them are kept as context.
 */
final class StartFailure {
  private static final int MAX_BYTES = 64 * 1024;
  private static final int CONTEXT_LINES = 20;
  private static final String ERROR = "error: ";
  private static final String NEXT = "next: ";

  private StartFailure() {}

  /** The lines written to {@code console} from byte {@code offset} on, at most the last 64 KiB. */
  static List<String> linesSince(Path console, long offset) {
    try (InputStream in = Files.newInputStream(console)) {
      long size = Files.size(console);
      long from = Math.max(offset, size - MAX_BYTES);
      in.skipNBytes(Math.max(0, from));
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return text.lines().toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  static KxmException of(int exitCode, List<String> lines, Path console) {
    int at = lastErrorLine(lines);
    String before = context(lines, at < 0 ? lines.size() : at);
    String exited = "the hub exited with code " + exitCode + " while starting";
    if (at < 0) {
      return new KxmException(
          ErrorCode.INTERNAL,
          exited + " without saying why" + (before.isEmpty() ? "" : "; it printed:\n" + before),
          "Look at " + console + " for the reason.");
    }
    String line = lines.get(at).substring(ERROR.length());
    int colon = line.indexOf(": ");
    Optional<ErrorCode> code =
        colon < 0 ? Optional.empty() : HubErrors.code(line.substring(0, colon));
    String message = colon < 0 ? line : line.substring(colon + 2);
    String hint =
        at + 1 < lines.size() && lines.get(at + 1).strip().startsWith(NEXT)
            ? lines.get(at + 1).strip().substring(NEXT.length())
            : null;
    ErrorCode reported = code.orElse(ErrorCode.INTERNAL);
    String full =
        message + "\n" + exited + (before.isEmpty() ? "" : ", after printing:\n" + before);
    return new KxmException(reported, full, hint == null ? reported.hint() : hint);
  }

  private static int lastErrorLine(List<String> lines) {
    for (int i = lines.size() - 1; i >= 0; i--) {
      if (lines.get(i).startsWith(ERROR)) {
        return i;
      }
    }
    return -1;
  }

  private static String context(List<String> lines, int end) {
    List<String> kept =
        lines.subList(Math.max(0, end - CONTEXT_LINES), end).stream()
            .filter(l -> !l.isBlank())
            .toList();
    return String.join("\n", kept);
  }
}
