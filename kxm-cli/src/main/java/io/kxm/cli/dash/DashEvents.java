package io.kxm.cli.dash;

import io.kxm.cli.CliContext;
import io.kxm.cli.run.RunRef;
import io.kxm.cli.run.WorkflowRunWatch;
import io.kxm.cli.session.TerminalText;
import io.kxm.cli.session.watch.RunWatch;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.Redactor;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The event panel: one run followed exactly as {@code kxm runs watch --json} follows it (the same
 * stream, resume and reconnects), on its own thread, each envelope kept as one short line. Only the
 * newest lines are kept.
 */
final class DashEvents implements AutoCloseable {
  private static final int KEPT = 500;

  private final CliContext context;
  private final Deque<String> lines = new ArrayDeque<>();
  private String runId;
  private Thread follower;

  DashEvents(CliContext context) {
    this.context = context;
  }

  synchronized boolean isOpen() {
    return runId != null;
  }

  synchronized String runId() {
    return runId;
  }

  synchronized void open(String run) {
    close();
    runId = run;
    lines.clear();
    PrintWriter out = new PrintWriter(new LineSink(this, run), true);
    CliContext quiet =
        new CliContext(context.env(), context.workingDir(), out, out, context.agents());
    follower =
        Thread.ofPlatform()
            .daemon()
            .name("kxm-dash-events")
            .start(() -> {
              try {
                int exit =
                    switch (RunRef.onSupervisor(run)) {
                      case RunRef.SessionRunRef s -> RunWatch.follow(quiet, s.id(), 0, true);
                      case RunRef.RuntimeRunRef r -> new WorkflowRunWatch(quiet, r, true).follow();
                    };
                add(
                    run,
                    "-- the stream ended (" + (exit == 0 ? "completed" : "not completed") + ")");
              } catch (KxmException e) {
                add(run, "-- error: " + e.code().code() + ": " + e.getMessage());
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
  }

  /** The newest {@code count} lines. */
  synchronized List<String> last(int count) {
    List<String> all = new ArrayList<>(lines);
    return all.subList(Math.max(0, all.size() - count), all.size());
  }

  @Override
  public synchronized void close() {
    if (follower != null) {
      follower.interrupt();
      follower = null;
    }
    runId = null;
  }

  private synchronized void add(String run, String line) {
    // a follower that was replaced may still print a last line: it is not this panel's
    if (!run.equals(runId)) {
      return;
    }
    lines.addLast(line);
    while (lines.size() > KEPT) {
      lines.removeFirst();
    }
  }

  /** One envelope as a line: its sequence number, type and the short fields of its data. */
  static String summary(String line) {
    JsonNode event;
    try {
      event = Json.read(line);
    } catch (RuntimeException e) {
      return line(line);
    }
    if (!event.isObject()) {
      return line(line);
    }
    StringBuilder out = new StringBuilder();
    if (event.has("seq")) {
      out.append('#').append(event.path("seq").asLong()).append(' ');
    }
    out.append(DashRow.t(event, "type"));
    JsonNode data = event.path("data").isObject() ? event.path("data") : event;
    for (var field : data.properties()) {
      if (field.getKey().equals("seq") || field.getKey().equals("type")) {
        continue;
      }
      JsonNode v = field.getValue();
      if (v.isValueNode()) {
        String value = v.isString() ? v.asString() : v.toString();
        // masked field by field: "inputTokens=19" as a whole would read like a credential
        String shown =
            Redactor.redacts(field.getKey(), value) ? Redactor.MASK : Redactor.redact(value);
        out.append(' ').append(field.getKey()).append('=').append(shown);
      }
    }
    return printable(out.toString());
  }

  // one screen line: secrets masked, controls removed, no line break
  private static String line(String text) {
    return printable(Redactor.redact(text));
  }

  private static String printable(String text) {
    return TerminalText.printable(text).replace('\n', ' ').replace('\t', ' ');
  }

  /** Collects what the follower prints, line by line. */
  private static final class LineSink extends Writer {
    private final DashEvents owner;
    private final String run;
    private final StringBuilder pending = new StringBuilder();

    LineSink(DashEvents owner, String run) {
      this.owner = owner;
      this.run = run;
    }

    @Override
    public void write(char[] buf, int off, int len) {
      for (int i = off; i < off + len; i++) {
        if (buf[i] == '\n') {
          owner.add(run, summary(pending.toString()));
          pending.setLength(0);
        } else if (pending.length() < 64 * 1024) {
          pending.append(buf[i]);
        }
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }
}
