package io.kxm.bench.jmh;

import io.kxm.core.agent.AgentKeys;
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

/**
 * The check every agent route makes of its {@code X-KXM-Agent-Key} once the agent's row is read:
 * the presented key hashed with SHA-256 and compared in constant time with the stored hash, for a
 * current key and for a stale one (a key from before a reconnect). Run with {@code java -cp
 * bench/target/kxm-bench.jar org.openjdk.jmh.Main AgentKeyCheck}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class AgentKeyCheckBench {
  private final String key = AgentKeys.generate();
  private final String staleKey = AgentKeys.generate();
  private final String storedHash = AgentKeys.hash(key);

  @Benchmark
  public boolean currentKey() {
    return AgentKeys.matches(storedHash, key);
  }

  @Benchmark
  public boolean staleKey() {
    return AgentKeys.matches(storedHash, staleKey);
  }
}
