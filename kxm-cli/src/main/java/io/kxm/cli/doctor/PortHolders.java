package io.kxm.cli.doctor;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Who listens on a local TCP port. Whether anything listens is asked by connecting; which process
 * it is comes from Linux's {@code /proc}: the port's listening socket inodes in {@code
 * /proc/net/tcp} and {@code tcp6}, then the process whose open files hold one of them. Only this
 * user's processes show their files, so a port held by another user's program is reported as held
 * without a pid.
 */
final class PortHolders {
  private static final Path PROC = Path.of("/proc");
  private static final String LISTEN = "0A";

  /**
   * What holds a port.
   *
   * @param pid the listening process, when {@code /proc} shows it
   */
  record Holder(boolean listening, Optional<Long> pid) {
    /** The command line of the holder, when the system shows it. */
    Optional<String> commandLine() {
      return pid.flatMap(ProcessHandle::of).flatMap(h -> h.info().commandLine());
    }
  }

  private PortHolders() {}

  /** Whether something accepts connections on {@code host:port}, and which process it is. */
  static Holder of(String host, int port) {
    if (!accepts(host, port)) {
      return new Holder(false, Optional.empty());
    }
    return new Holder(true, listeningPid(port));
  }

  private static boolean accepts(String host, int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static Optional<Long> listeningPid(int port) {
    Set<String> inodes = new HashSet<>();
    for (String table : List.of("net/tcp", "net/tcp6")) {
      inodes.addAll(listeningInodes(PROC.resolve(table), port));
    }
    if (inodes.isEmpty()) {
      return Optional.empty();
    }
    try (DirectoryStream<Path> processes = Files.newDirectoryStream(PROC, "[0-9]*")) {
      for (Path process : processes) {
        if (holdsOne(process.resolve("fd"), inodes)) {
          return Optional.of(Long.parseLong(process.getFileName().toString()));
        }
      }
    } catch (IOException | NumberFormatException e) {
      // no /proc (not Linux) or it changed while read: the holder stays unnamed
    }
    return Optional.empty();
  }

  private static Set<String> listeningInodes(Path table, int port) {
    Set<String> inodes = new HashSet<>();
    String hexPort = ":" + String.format(Locale.ROOT, "%04X", port);
    List<String> lines;
    try {
      lines = Files.readAllLines(table);
    } catch (IOException e) {
      return inodes;
    }
    for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ...
      String[] fields = line.strip().split("\\s+");
      if (fields.length > 9 && fields[1].endsWith(hexPort) && fields[3].equals(LISTEN)) {
        inodes.add(fields[9]);
      }
    }
    return inodes;
  }

  private static boolean holdsOne(Path fds, Set<String> inodes) {
    try (DirectoryStream<Path> open = Files.newDirectoryStream(fds)) {
      for (Path fd : open) {
        String target = readLink(fd);
        if (target.startsWith("socket:[")
            && inodes.contains(target.substring(8, target.length() - 1))) {
          return true;
        }
      }
    } catch (IOException e) {
      // another user's process, or one that exited while we looked
    }
    return false;
  }

  private static String readLink(Path fd) {
    try {
      return Files.readSymbolicLink(fd).toString();
    } catch (IOException e) {
      return "";
    }
  }
}
