package io.kxm.bench.jmh;

import io.kxm.bench.client.Payloads;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.json.JsonMapper;

/**
 * What encoding one SSE event costs, the work a hub does once per event before fanning it out:
 * Jackson 3 from a record, and the frame around it. Run with {@code java -cp
 * bench/target/kxm-bench.jar org.openjdk.jmh.Main EnvelopeEncoding}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EnvelopeEncodingBench {
  /** The envelope shape every agent event has on the wire. */
  public record Envelope(long seq, String type, String ts, String agentId, Object data) {}

  public record Message(String id, String from, String content) {}

  private final JsonMapper json = JsonMapper.shared();
  private final Envelope envelope =
      new Envelope(
          123_456,
          "message.queued",
          "2025-01-01T00:00:00.000Z",
          "ag_01JBENCH",
          java.util.Map.of(
              "message",
              new Message("msg_01JBENCH", "sender", Payloads.content(Payloads.SEND_BYTES - 40))));

  @Benchmark
  public byte[] jsonOnly() {
    return json.writeValueAsBytes(envelope);
  }

  @Benchmark
  public byte[] sseFrame() {
    byte[] data = json.writeValueAsBytes(envelope);
    byte[] head = ("id: " + envelope.seq() + "\ndata: ").getBytes(StandardCharsets.US_ASCII);
    byte[] frame = new byte[head.length + data.length + 2];
    System.arraycopy(head, 0, frame, 0, head.length);
    System.arraycopy(data, 0, frame, head.length, data.length);
    frame[frame.length - 2] = '\n';
    frame[frame.length - 1] = '\n';
    return frame;
  }
}
