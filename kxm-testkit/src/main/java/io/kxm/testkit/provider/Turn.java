package io.kxm.testkit.provider;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One scripted assistant turn: text, tool calls, or both (text first, as real models send it). Text
 * is streamed in {@code pieces} deltas; each streamed event waits {@code chunkDelay} first; {@code
 * cutAfterEvents} drops the connection after that many events to imitate a broken stream.
 *
 * <pre>{@code
 * Turn.text("Hello there").withUsage(30, 4)
 * Turn.toolCall("read_file", "{\"path\":\"a.txt\"}")
 * Turn.text("Let me look.").andToolCall("grep", "{\"q\":\"x\"}").cutAfterEvents(5)
 * }</pre>
 */
public record Turn(
    String text,
    List<ToolCall> toolCalls,
    Usage usage,
    int pieces,
    Duration chunkDelay,
    StreamEnd end)
    implements Reply {
  public Turn {
    text = text == null ? "" : text;
    toolCalls = List.copyOf(toolCalls);
    if (text.isEmpty() && toolCalls.isEmpty()) {
      throw new IllegalArgumentException("a turn needs text, a tool call, or both");
    }
    if (usage == null) {
      throw new IllegalArgumentException("a turn needs usage numbers; use Usage.DEFAULT");
    }
    if (pieces < 1) {
      throw new IllegalArgumentException("text must stream in at least one piece, got " + pieces);
    }
    if (chunkDelay == null || chunkDelay.isNegative()) {
      throw new IllegalArgumentException("chunk delay must be zero or positive, got " + chunkDelay);
    }
    if (end == null) {
      throw new IllegalArgumentException("a turn needs a stream end; use StreamEnd.Complete");
    }
  }

  public static Turn text(String text) {
    return new Turn(text, List.of(), Usage.DEFAULT, 3, Duration.ZERO, new StreamEnd.Complete());
  }

  public static Turn toolCall(String name, String inputJson) {
    return new Turn(
        "",
        List.of(new ToolCall(name, inputJson)),
        Usage.DEFAULT,
        3,
        Duration.ZERO,
        new StreamEnd.Complete());
  }

  public Turn andToolCall(String name, String inputJson) {
    List<ToolCall> calls = new ArrayList<>(toolCalls);
    calls.add(new ToolCall(name, inputJson));
    return new Turn(text, calls, usage, pieces, chunkDelay, end);
  }

  public Turn withUsage(int inputTokens, int outputTokens) {
    return new Turn(text, toolCalls, new Usage(inputTokens, outputTokens), pieces, chunkDelay, end);
  }

  public Turn inPieces(int count) {
    return new Turn(text, toolCalls, usage, count, chunkDelay, end);
  }

  public Turn withChunkDelay(Duration delay) {
    return new Turn(text, toolCalls, usage, pieces, delay, end);
  }

  /** Drops the connection after {@code events} streamed events, leaving the body unfinished. */
  public Turn cutAfterEvents(int events) {
    return new Turn(text, toolCalls, usage, pieces, chunkDelay, new StreamEnd.Cut(events));
  }

  /** Sends the dialect's in-stream error after {@code events} streamed events. */
  public Turn failAfterEvents(int events, String message) {
    return new Turn(
        text, toolCalls, usage, pieces, chunkDelay, new StreamEnd.Failed(events, message));
  }

  boolean callsTools() {
    return !toolCalls.isEmpty();
  }

  /** Splits {@code value} into at most {@code count} non-empty pieces on code point boundaries. */
  static List<String> split(String value, int count) {
    int[] points = value.codePoints().toArray();
    int parts = Math.max(1, Math.min(count, points.length));
    List<String> out = new ArrayList<>(parts);
    for (int i = 0; i < parts; i++) {
      int from = points.length * i / parts;
      int to = points.length * (i + 1) / parts;
      out.add(new String(points, from, to - from));
    }
    return out;
  }
}
