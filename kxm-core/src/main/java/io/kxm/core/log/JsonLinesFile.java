package io.kxm.core.log;

import ch.qos.logback.core.ContextBase;
import ch.qos.logback.core.encoder.EncoderBase;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.TriggeringPolicyBase;
import ch.qos.logback.core.status.Status;
import io.kxm.core.secret.SecureFiles;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A JSON-lines file that rolls over by size, written through Logback's {@link RollingFileAppender}:
 * when the next line would pass {@code maxBytes}, {@code name} becomes {@code name.1}, {@code
 * name.1} becomes {@code name.2} and so on, and the oldest beyond {@code keep} is deleted. Whole
 * lines only, so a reader never sees half a record; every file is created owner-only (0600). A
 * failure to write never reaches the caller: it is told once to {@code onFailure}, and the lines
 * are lost.
 */
public final class JsonLinesFile implements AutoCloseable {
  private final Path file;
  private final long maxBytes;
  private final int keep;
  private final Consumer<String> onFailure;
  private RollingFileAppender<String> appender;
  private boolean closed;
  private final AtomicBoolean warned = new AtomicBoolean();

  public JsonLinesFile(Path file, long maxBytes, int keep, Consumer<String> onFailure) {
    if (maxBytes < 1 || keep < 1 || keep > 20) {
      throw new IllegalArgumentException(
          "a rolled file needs maxBytes >= 1 and keep 1 to 20: " + maxBytes + ", " + keep);
    }
    this.file = file.toAbsolutePath();
    this.maxBytes = maxBytes;
    this.keep = keep;
    this.onFailure = Objects.requireNonNull(onFailure, "onFailure");
  }

  public Path file() {
    return file;
  }

  /** Creates the folder and the file now, so a caller can refuse to start when it cannot. */
  public synchronized void open() throws IOException {
    if (appender != null || closed) {
      return;
    }
    Files.createDirectories(file.getParent());
    SecureFiles.createOwnerOnly(file);
    ContextBase context = new ContextBase();
    context.setName("kxm-log-" + file.getFileName());
    context
        .getStatusManager()
        .add(status -> {
          if (status.getLevel() == Status.ERROR) {
            failed(status.getMessage());
          }
        });
    RollingFileAppender<String> rolling = new OwnerOnlyAppender();
    rolling.setContext(context);
    rolling.setName(file.getFileName().toString());
    rolling.setFile(file.toString());
    FixedWindowRollingPolicy window = new FixedWindowRollingPolicy();
    window.setContext(context);
    window.setParent(rolling);
    window.setFileNamePattern(file + ".%i");
    window.setMinIndex(1);
    window.setMaxIndex(keep);
    window.start();
    NextLinePassesLimit trigger = new NextLinePassesLimit(maxBytes);
    trigger.setContext(context);
    trigger.start();
    LineEncoder encoder = new LineEncoder();
    encoder.setContext(context);
    encoder.start();
    rolling.setRollingPolicy(window);
    rolling.setTriggeringPolicy(trigger);
    rolling.setEncoder(encoder);
    rolling.start();
    if (!rolling.isStarted()) {
      throw new IOException("cannot open " + file + " for appending");
    }
    appender = rolling;
  }

  /** Appends one JSON object (without its newline); dropped once the file is closed. */
  public synchronized void append(String jsonLine) {
    if (closed) {
      // A line that outlived its process's stop has nowhere to go, and reopening would recreate
      // a folder the operator may be deleting.
      return;
    }
    try {
      open();
    } catch (IOException | RuntimeException e) {
      failed(e.getMessage());
      return;
    }
    appender.doAppend(jsonLine);
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (appender != null) {
      appender.stop();
      appender = null;
    }
  }

  private void failed(String reason) {
    if (warned.compareAndSet(false, true)) {
      onFailure.accept("cannot write " + file + " (" + reason + "); log lines are lost");
    }
  }

  /** Rolls over before a line that would carry the file past its limit, checked every line. */
  private static final class NextLinePassesLimit extends TriggeringPolicyBase<String> {
    private final long maxBytes;

    NextLinePassesLimit(long maxBytes) {
      this.maxBytes = maxBytes;
    }

    @Override
    public boolean isTriggeringEvent(File activeFile, String line) {
      long size = activeFile.length();
      return size > 0 && size + LineEncoder.bytes(line).length > maxBytes;
    }
  }

  private static final class LineEncoder extends EncoderBase<String> {
    static byte[] bytes(String line) {
      return (line + "\n").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public byte[] headerBytes() {
      return new byte[0];
    }

    @Override
    public byte[] encode(String line) {
      return bytes(line);
    }

    @Override
    public byte[] footerBytes() {
      return new byte[0];
    }
  }

  /** Logs hold no secrets, but they show who called what: the files stay the owner's. */
  private static final class OwnerOnlyAppender extends RollingFileAppender<String> {
    @Override
    public void openFile(String fileName) throws IOException {
      SecureFiles.createOwnerOnly(Path.of(fileName));
      super.openFile(fileName);
    }
  }
}
