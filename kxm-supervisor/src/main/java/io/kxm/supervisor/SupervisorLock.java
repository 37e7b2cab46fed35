package io.kxm.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * The one-supervisor-per-user rule, held by the operating system: an exclusive lock on {@code
 * runtime/supervisor.lock} for the supervisor's whole life. A killed supervisor loses it with its
 * process, so whoever gets the lock knows any registry row it finds is stale. A restore of the
 * supervisor's files holds it too, so no supervisor starts while they are replaced.
 */
public final class SupervisorLock implements AutoCloseable {
  private final FileChannel channel;
  private final FileLock lock;

  private SupervisorLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /** The lock, or empty when another supervisor holds it. */
  public static Optional<SupervisorLock> tryAcquire(Path file) {
    FileChannel channel = null;
    try {
      SecureFiles.createPrivateDirectories(file.toAbsolutePath().getParent());
      channel =
          FileChannel.open(
              file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
      FileLock lock = channel.tryLock();
      if (lock == null) {
        channel.close();
        return Optional.empty();
      }
      return Optional.of(new SupervisorLock(channel, lock));
    } catch (OverlappingFileLockException e) {
      // Held by another supervisor in this same JVM.
      closeQuietly(channel);
      return Optional.empty();
    } catch (IOException e) {
      closeQuietly(channel);
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot lock " + file + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    try {
      lock.release();
    } catch (IOException e) {
      // Closing the channel below releases it as well.
    }
    closeQuietly(channel);
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel == null) {
      return;
    }
    try {
      channel.close();
    } catch (IOException e) {
      // Nothing to do; the process exit releases it.
    }
  }
}
