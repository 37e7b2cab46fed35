package io.kxm.session.harness;

import io.kxm.core.secret.Redactor;
import io.kxm.session.api.HarnessOutput.ProtocolError;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Parses the lines a {@code command} harness writes to stdout (docs/harness-protocol.md). Every
 * input gives an answer and none throws: a line that breaks the protocol becomes a {@link
 * ProtocolError} whose {@code line} is at most {@value #MAX_EXCERPT_CHARS} characters with
 * credential shapes redacted, so it can be stored and shown.
 */
public final class HarnessLines {
  public static final int MAX_LINE_BYTES = 1024 * 1024;
  public static final int MAX_DELTA_CHARS = 64 * 1024;
  public static final int MAX_TEXT_CHARS = 512 * 1024;
  public static final int MAX_NAME_CHARS = 256;
  public static final int MAX_DEPTH = 64;
  public static final int MAX_NUMBER_DIGITS = 100;
  public static final int MAX_EXCERPT_CHARS = 512;

  // Redaction looks at more than it keeps, so a credential that starts inside the excerpt and runs
  // past its end is still recognised; twice the excerpt is enough, since every credential pattern
  // matches on a prefix of its shape, and it keeps redaction cheap for a chatty harness.
  private static final int REDACTION_WINDOW = 2 * MAX_EXCERPT_CHARS;

  private static final JsonMapper MAPPER =
      JsonMapper.builder(
              JsonFactory.builder()
                  .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                  .streamReadConstraints(
                      StreamReadConstraints.builder()
                          .maxNestingDepth(MAX_DEPTH)
                          .maxNumberLength(MAX_NUMBER_DIGITS)
                          .maxStringLength(MAX_LINE_BYTES)
                          .maxNameLength(MAX_NAME_CHARS)
                          .maxDocumentLength(MAX_LINE_BYTES)
                          .build())
                  .build())
          .build();

  private HarnessLines() {}

  /** Parses one line as read from stdout, without its newline; bytes must be UTF-8. */
  public static HarnessLine parse(byte[] line) {
    if (line.length > MAX_LINE_BYTES) {
      return overlong(line.length, line);
    }
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(line))
              .toString();
    } catch (CharacterCodingException e) {
      return refused("line is not valid UTF-8", lenient(line));
    }
    return parse(text);
  }

  /** Parses one line, without its newline. */
  public static HarnessLine parse(String line) {
    if (line.length() > MAX_LINE_BYTES / 3 && utf8Length(line) > MAX_LINE_BYTES) {
      return refused("line is longer than " + MAX_LINE_BYTES + " bytes", line);
    }
    try {
      return HarnessLineFields.read(read(line));
    } catch (HarnessLineFields.Invalid e) {
      return refused(e.getMessage(), line);
    } catch (RuntimeException e) {
      // A parser bug must not end the run: the line is recorded like any other bad one.
      return refused("line could not be read", line);
    }
  }

  /**
   * The answer for a line longer than {@link #MAX_LINE_BYTES}, of which only {@code head} was kept.
   */
  public static HarnessLine overlong(long length, byte[] head) {
    return refused(
        "line of " + length + " bytes is longer than " + MAX_LINE_BYTES + " bytes", lenient(head));
  }

  /**
   * {@code text} made safe to store and show: credential shapes redacted, then cut to {@value
   * #MAX_EXCERPT_CHARS} characters without splitting a surrogate pair.
   */
  public static String excerpt(String text) {
    String window =
        text.length() > REDACTION_WINDOW ? text.substring(0, cut(text, REDACTION_WINDOW)) : text;
    String redacted = Redactor.redact(window);
    String excerpt =
        redacted.length() > MAX_EXCERPT_CHARS
            ? redacted.substring(0, cut(redacted, MAX_EXCERPT_CHARS))
            : redacted;
    return withoutHalfCharacters(excerpt);
  }

  // An excerpt is stored as UTF-8, which cannot hold half of a surrogate pair.
  private static String withoutHalfCharacters(String text) {
    StringBuilder whole = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean pair =
          Character.isHighSurrogate(c)
              && i + 1 < text.length()
              && Character.isLowSurrogate(text.charAt(i + 1));
      if (pair) {
        if (whole != null) {
          whole.append(c).append(text.charAt(i + 1));
        }
        i++;
      } else if (Character.isSurrogate(c)) {
        if (whole == null) {
          whole = new StringBuilder(text.length()).append(text, 0, i);
        }
        whole.append('\uFFFD');
      } else if (whole != null) {
        whole.append(c);
      }
    }
    return whole == null ? text : whole.toString();
  }

  private static JsonNode read(String line) {
    try {
      JsonNode node = MAPPER.readTree(line);
      if (node == null || node.isMissingNode()) {
        throw new HarnessLineFields.Invalid("line is empty");
      }
      return node;
    } catch (StreamConstraintsException e) {
      throw new HarnessLineFields.Invalid(limitBroken(e.getOriginalMessage()));
    } catch (JacksonException e) {
      throw new HarnessLineFields.Invalid("line is not valid JSON");
    }
  }

  private static String limitBroken(String detail) {
    String said = detail == null ? "" : detail.toLowerCase(Locale.ROOT);
    if (said.contains("nesting")) {
      return "line nests deeper than " + MAX_DEPTH + " levels";
    }
    if (said.contains("number")) {
      return "line has a number longer than " + MAX_NUMBER_DIGITS + " digits";
    }
    if (said.contains("name")) {
      return "line has a field name longer than " + MAX_NAME_CHARS + " characters";
    }
    return "line breaks a size limit of the protocol";
  }

  private static HarnessLine refused(String reason, String line) {
    return new HarnessLine.Output(new ProtocolError(reason, excerpt(line)));
  }

  private static String lenient(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static int cut(String text, int at) {
    return Character.isHighSurrogate(text.charAt(at - 1)) ? at - 1 : at;
  }

  private static long utf8Length(String text) {
    long bytes = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
    }
    return bytes;
  }
}
