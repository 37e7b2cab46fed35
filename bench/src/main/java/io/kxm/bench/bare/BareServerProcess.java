package io.kxm.bench.bare;

import io.kxm.bench.Run;
import io.kxm.bench.proc.Child;
import io.kxm.bench.proc.Jvm;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

/** A {@link BareServer} child process and its base URL. */
public final class BareServerProcess implements AutoCloseable {
  private final Child child;
  private final URI base;

  private BareServerProcess(Child child, URI base) {
    this.child = child;
    this.base = base;
  }

  /** The one bare server the HTTP baselines of a run share. */
  public static BareServerProcess shared(Run run) throws Exception {
    return run.shared("bare-jetty", BareServerProcess.class, BareServerProcess::start);
  }

  /** A server of its own, for a measure that reads its memory. */
  public static BareServerProcess start(Run run) throws Exception {
    Child.Started<Integer> s =
        Child.start(
            "bare-jetty",
            Jvm.benchMain(BareServer.class.getName()),
            run.newDir("bare-"),
            Map.of(),
            Duration.ofSeconds(30),
            true,
            line -> line.startsWith("READY ") ? Integer.parseInt(line.substring(6).trim()) : null);
    return new BareServerProcess(s.child(), URI.create("http://127.0.0.1:" + s.value()));
  }

  public URI base() {
    return base;
  }

  public Child child() {
    return child;
  }

  @Override
  public void close() {
    child.close();
  }

  @Override
  public String toString() {
    return child.toString();
  }
}
