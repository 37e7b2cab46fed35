package io.kxm.cli;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * A prompt given on the command line, or read whole from {@code --prompt-file F} ({@code -} for
 * standard input), for prompts too long or too awkward to quote in a shell. The bytes are read up
 * to a cap and must be UTF-8; the runtime checks the length that matters.
 */
public final class PromptInput {
  /** Past what the supervisor accepts in one body, so a too-long prompt is refused by its size. */
  static final int MAX_BYTES = 1024 * 1024;

  private PromptInput() {}

  /**
   * The prompt: {@code inline} when given, else the file's text, else empty.
   *
   * @throws ParameterException when both are given
   * @throws KxmException {@code prompt_file_unreadable} for a file that cannot be read, is over the
   *     cap or is not UTF-8
   */
  public static String read(CommandSpec spec, String inline, Path file, InputStream stdin) {
    if (inline != null && file != null) {
      throw new ParameterException(
          spec.commandLine(), "Give the prompt as an argument or with --prompt-file, not both");
    }
    if (file == null) {
      return inline == null ? "" : inline;
    }
    boolean fromStdin = file.toString().equals("-");
    String source = fromStdin ? "standard input" : file.toString();
    byte[] bytes;
    try (InputStream in = fromStdin ? stdin : Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_BYTES + 1);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.PROMPT_FILE_UNREADABLE, "cannot read the prompt from " + source + ": " + e);
    }
    if (bytes.length > MAX_BYTES) {
      throw new KxmException(
          ErrorCode.PROMPT_FILE_UNREADABLE,
          "the prompt in " + source + " is over " + MAX_BYTES + " bytes");
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new KxmException(
          ErrorCode.PROMPT_FILE_UNREADABLE, "the prompt in " + source + " is not UTF-8 text");
    }
  }
}
