package io.kxm.bench.fault;

import io.kxm.bench.Log;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A real, small file system: a tmpfs of a few MiB mounted for the run, so the store meets the
 * kernel's own ENOSPC. Mounting needs root (or CAP_SYS_ADMIN); without it the fault does not run,
 * and says so, rather than pretend with a fake.
 */
final class SmallDisk implements AutoCloseable {
  private final Path mountPoint;
  private final int mebibytes;

  private SmallDisk(Path mountPoint, int mebibytes) {
    this.mountPoint = mountPoint;
    this.mebibytes = mebibytes;
  }

  static SmallDisk mount(Path mountPoint, int mebibytes) throws IOException, NotRunnable {
    Files.createDirectories(mountPoint);
    Commands.Result r =
        Commands.run(
            List.of(
                "mount",
                "-t",
                "tmpfs",
                "-o",
                "size=" + mebibytes + "m,mode=0700",
                "tmpfs",
                mountPoint.toString()),
            20);
    if (!r.ok()) {
      throw new NotRunnable(
          "could not mount a "
              + mebibytes
              + " MiB tmpfs at "
              + mountPoint
              + " (needs root or CAP_SYS_ADMIN): "
              + r.output());
    }
    Log.info("mounted a " + mebibytes + " MiB tmpfs at " + mountPoint);
    return new SmallDisk(mountPoint, mebibytes);
  }

  Path path() {
    return mountPoint;
  }

  int mebibytes() {
    return mebibytes;
  }

  /** Free bytes left, as the file system reports them. */
  long free() throws IOException {
    return Files.getFileStore(mountPoint).getUsableSpace();
  }

  @Override
  public void close() throws IOException {
    Commands.Result r = Commands.run(List.of("umount", mountPoint.toString()), 20);
    if (!r.ok()) {
      // Something still holds a file there; detach it now, the kernel frees it once released.
      Commands.check(List.of("umount", "-l", mountPoint.toString()), 20);
    }
    Log.info("unmounted " + mountPoint);
  }

  @Override
  public String toString() {
    return "tmpfs at " + mountPoint;
  }
}
