package io.kxm.bench.fault;

import io.kxm.bench.Fs;
import io.kxm.bench.Log;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Everything one fault run starts: a temporary folder and the processes, servers and mounts to stop
 * afterwards, last started first stopped. Closing is idempotent, so the shutdown hook (Ctrl-C, a
 * kill of the suite) and the normal end may both call it.
 */
public final class Stage implements AutoCloseable {
  private final Path dir;
  private final Deque<AutoCloseable> toClose = new ArrayDeque<>();
  private boolean closed;

  public Stage(int fault) throws IOException {
    this.dir = Files.createTempDirectory("kxm-fault-" + fault + "-");
  }

  public Path dir() {
    return dir;
  }

  /** A fresh folder inside the stage's folder. */
  public Path newDir(String prefix) throws IOException {
    return Files.createTempDirectory(dir, prefix);
  }

  /** Stops {@code resource} when the stage closes, unless it was closed before. */
  public synchronized <T extends AutoCloseable> T keep(T resource) {
    if (closed) {
      throw new IllegalStateException("the stage of " + dir + " is closed");
    }
    toClose.push(resource);
    return resource;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    while (!toClose.isEmpty()) {
      AutoCloseable c = toClose.pop();
      try {
        c.close();
      } catch (Exception e) {
        Log.warn("could not stop " + c + ": " + e);
      }
    }
    Fs.deleteQuietly(dir);
  }
}
