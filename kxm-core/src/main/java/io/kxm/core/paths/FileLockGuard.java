package io.kxm.core.paths;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An exclusive lock on {@code <file>.lock}, for files that several processes read, change and write
 * back whole: the hub's first start and a CLI minting a token ({@code hub-env.json}), two agents'
 * edit hooks ({@code .git/kxm/edits.json}). File locks belong to the whole JVM, so threads of one
 * process queue on an in-process lock first.
 */
public final class FileLockGuard implements AutoCloseable {
  private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS =
      new ConcurrentHashMap<>();

  private final ReentrantLock local;
  private final FileChannel channel;
  private final FileLock lock;

  private FileLockGuard(ReentrantLock local, FileChannel channel, FileLock lock) {
    this.local = local;
    this.channel = channel;
    this.lock = lock;
  }

  /** Waits for the lock beside {@code file}; closing the guard releases it. */
  public static FileLockGuard acquire(Path file) {
    Path lockFile = file.toAbsolutePath().normalize().resolveSibling(file.getFileName() + ".lock");
    ReentrantLock local = IN_PROCESS.computeIfAbsent(lockFile, p -> new ReentrantLock());
    local.lock();
    try {
      SecureFiles.createPrivateDirectories(lockFile.getParent());
      FileChannel channel =
          FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      try {
        return new FileLockGuard(local, channel, channel.lock());
      } catch (IOException | RuntimeException e) {
        channel.close();
        throw e;
      }
    } catch (IOException e) {
      local.unlock();
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot lock " + lockFile + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      local.unlock();
      throw e;
    }
  }

  @Override
  public void close() {
    try {
      lock.release();
      channel.close();
    } catch (IOException e) {
      // Closing the channel releases the lock anyway; nothing is left to undo.
    } finally {
      local.unlock();
    }
  }
}
