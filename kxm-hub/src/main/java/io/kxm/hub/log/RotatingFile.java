package io.kxm.hub.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * An append-only file that rolls over by size: when the next line would pass the limit, {@code
 * name} becomes {@code name.1}, {@code name.1} becomes {@code name.2} and so on, and the oldest
 * beyond {@code keep} is deleted. Whole lines only, so a reader never sees half a record.
 */
final class RotatingFile implements AutoCloseable {
  private final Path file;
  private final long maxBytes;
  private final int keep;
  private FileChannel channel;
  private long size;
  private boolean closed;

  RotatingFile(Path file, long maxBytes, int keep) throws IOException {
    this.file = file;
    this.maxBytes = maxBytes;
    this.keep = keep;
    open();
  }

  Path file() {
    return file;
  }

  synchronized void append(byte[] line) throws IOException {
    if (closed) {
      // A request that outlived the hub's stop: its line has nowhere to go, and reopening would
      // recreate a folder the operator may be deleting.
      return;
    }
    if (channel == null) {
      open();
    }
    if (size > 0 && size + line.length > maxBytes) {
      rotate();
    }
    ByteBuffer buffer = ByteBuffer.wrap(line);
    while (buffer.hasRemaining()) {
      size += channel.write(buffer);
    }
  }

  @Override
  public synchronized void close() throws IOException {
    closed = true;
    closeChannel();
  }

  private void closeChannel() throws IOException {
    if (channel != null) {
      channel.close();
      channel = null;
    }
  }

  private void rotate() throws IOException {
    closeChannel();
    Files.deleteIfExists(numbered(keep));
    for (int i = keep - 1; i >= 1; i--) {
      if (Files.exists(numbered(i))) {
        Files.move(numbered(i), numbered(i + 1), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    Files.move(file, numbered(1), StandardCopyOption.REPLACE_EXISTING);
    open();
  }

  private Path numbered(int index) {
    return file.resolveSibling(file.getFileName() + "." + index);
  }

  private void open() throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    try {
      // Logs hold no secrets, but they show who called what: keep them to the owner.
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (FileAlreadyExistsException e) {
      // Appending to the log of an earlier run.
    } catch (UnsupportedOperationException e) {
      Files.newByteChannel(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE).close();
    }
    channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    size = channel.size();
  }
}
