package io.kxm.store.sqlite;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Lets one opener at a time create or migrate a file: an exclusive lock on {@code <file>.lock}
 * keeps other processes out (the CLI and the supervisor open the same files), and a lock per file
 * in this JVM keeps other threads out, since the operating system's lock belongs to the whole
 * process. Flyway opens connections of its own, so SQLite's locks cannot span the migration.
 */
final class MigrationLock implements AutoCloseable {
  static final String SUFFIX = ".lock";
  private static final ConcurrentMap<Path, ReentrantLock> IN_JVM = new ConcurrentHashMap<>();
  private static final Set<OpenOption> OPEN =
      Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);

  private final ReentrantLock threads;
  private final FileChannel channel;
  private final FileLock processes;

  private MigrationLock(ReentrantLock threads, FileChannel channel, FileLock processes) {
    this.threads = threads;
    this.channel = channel;
    this.processes = processes;
  }

  /** Waits until this opener holds the file; the caller closes the lock when it is done. */
  static MigrationLock take(SqliteDatabase db) {
    Path file = db.file().resolveSibling(db.file().getFileName() + SUFFIX);
    // One key per file however it is named: the JVM refuses a second lock on a file it holds.
    ReentrantLock threads = IN_JVM.computeIfAbsent(realFolder(file), f -> new ReentrantLock());
    threads.lock();
    FileChannel channel = null;
    try {
      if (Files.isSymbolicLink(file)) {
        throw new KxmException(
            ErrorCode.STORE_SYMLINK_REFUSED,
            "the lock file " + file + " is a symbolic link; KXM opens only regular files");
      }
      channel = open(file);
      return new MigrationLock(threads, channel, channel.lock());
    } catch (IOException e) {
      closeQuietly(channel);
      threads.unlock();
      throw new KxmException(
          ErrorCode.STORE_PATH_UNUSABLE,
          "cannot lock " + file + " to migrate " + db.store() + " (" + e.getMessage() + ")",
          e);
    } catch (RuntimeException e) {
      closeQuietly(channel);
      threads.unlock();
      throw e;
    }
  }

  private static Path realFolder(Path file) {
    try {
      return file.getParent().toRealPath().resolve(file.getFileName());
    } catch (IOException e) {
      return file; // prepare created the folder; if it went away since, opening will say so
    }
  }

  private static FileChannel open(Path file) throws IOException {
    try {
      if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
        FileAttribute<?> ownerOnly =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
        return FileChannel.open(file, OPEN, ownerOnly);
      }
      return FileChannel.open(file, OPEN);
    } catch (FileSystemException e) {
      if (Files.isSymbolicLink(file)) {
        throw new KxmException(
            ErrorCode.STORE_SYMLINK_REFUSED,
            "the lock file " + file + " is a symbolic link; KXM opens only regular files");
      }
      throw e;
    }
  }

  @Override
  public void close() {
    try {
      processes.release();
    } catch (IOException e) {
      // Closing the channel below releases the lock as well.
    } finally {
      closeQuietly(channel);
      threads.unlock();
    }
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel == null) {
      return;
    }
    try {
      channel.close();
    } catch (IOException e) {
      // Nothing was written through it; the lock goes with the channel.
    }
  }
}
