package io.kxm.runtime.sandbox;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The only way out of a sandbox's own network namespace: for each allowed endpoint a Unix socket in
 * a private folder, which the sandbox sees at {@value #INSIDE}, and a relay here that copies each
 * connection on it to that endpoint's real host and port, and to nothing else. Inside, a forwarder
 * ({@code socat}) listens on a loopback address and the endpoint's own port and connects to the
 * socket, so a harness keeps its configured base URL; a host name is mapped to its own loopback
 * address by the sandbox's {@code /etc/hosts}, and TLS stays end to end since only bytes pass.
 *
 * <p>Closed when the sandboxed process exits: the sockets and their folder go, and open connections
 * are cut.
 */
final class SandboxNetwork implements Closeable {
  static final String INSIDE = "/tmp/.kxm-net";
  private static final Logger LOG = LoggerFactory.getLogger(SandboxNetwork.class);
  private static final int CONNECT_TIMEOUT_MS = 10_000;
  private static final int BUFFER = 16 * 1024;

  /** How long the forwarders inside get to listen before the command is refused, in 10 ms steps. */
  private static final int LISTEN_TRIES = 1000;

  /** Where an endpoint answers inside the sandbox. */
  record Inside(SandboxEndpoint endpoint, String address, String socket) {}

  private final Path dir;
  private final List<Inside> inside;
  private final List<ServerSocketChannel> servers = new ArrayList<>();
  private final Set<Closeable> open = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  private SandboxNetwork(Path dir, List<Inside> inside) {
    this.dir = dir;
    this.inside = List.copyOf(inside);
  }

  /**
   * Opens the sockets and starts their relays.
   *
   * @throws KxmException {@code sandbox_unavailable} when the folder or a socket cannot be made
   */
  static SandboxNetwork open(List<SandboxEndpoint> endpoints) {
    Path dir;
    try {
      dir =
          Files.createTempDirectory(
              "kxm-net-",
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    } catch (IOException e) {
      // bubblewrap is Linux only, so the file system always takes POSIX permissions here
      throw new KxmException(
          ErrorCode.SANDBOX_UNAVAILABLE,
          "the sandbox's network folder could not be made: " + e.getMessage());
    }
    SandboxNetwork net = new SandboxNetwork(dir, places(endpoints));
    try {
      net.start();
      return net;
    } catch (IOException e) {
      net.close();
      throw new KxmException(
          ErrorCode.SANDBOX_UNAVAILABLE,
          "the sandbox's network sockets could not be opened in " + dir + ": " + e.getMessage());
    }
  }

  /** Loopback literals keep their address; each host name gets a loopback address of its own. */
  private static List<Inside> places(List<SandboxEndpoint> endpoints) {
    Map<SandboxEndpoint, Inside> out = new LinkedHashMap<>();
    Map<String, String> names = new LinkedHashMap<>();
    for (SandboxEndpoint e : endpoints) {
      if (out.containsKey(e)) {
        continue;
      }
      String address =
          e.literal()
              ? e.host()
              : e.host().equals("localhost")
                  ? "127.0.0.1"
                  : names.computeIfAbsent(e.host(), h -> "127.0.1." + (names.size() + 1));
      for (Inside taken : out.values()) {
        if (taken.address().equals(address) && taken.endpoint().port() == e.port()) {
          throw new KxmException(
              ErrorCode.SANDBOX_UNAVAILABLE,
              e + " and " + taken.endpoint() + " would answer on the same address in the sandbox");
        }
      }
      if (names.size() > 250) {
        throw new KxmException(ErrorCode.SANDBOX_UNAVAILABLE, "too many hosts for one sandbox");
      }
      out.put(e, new Inside(e, address, out.size() + ".sock"));
    }
    return List.copyOf(out.values());
  }

  private void start() throws IOException {
    StringBuilder hosts = new StringBuilder("127.0.0.1 localhost\n");
    for (Inside i : inside) {
      if (!i.endpoint().literal() && !i.endpoint().host().equals("localhost")) {
        hosts.append(i.address()).append(' ').append(i.endpoint().host()).append('\n');
      }
    }
    SecureFiles.writeOwnerOnly(
        dir.resolve("hosts"), hosts.toString().getBytes(StandardCharsets.UTF_8));
    for (Inside i : inside) {
      ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
      servers.add(server);
      server.bind(UnixDomainSocketAddress.of(dir.resolve(i.socket())));
      Thread.ofVirtual().name("sandbox-relay-" + i.endpoint()).start(() -> accept(server, i));
    }
  }

  /** The bwrap options that show the sockets and the hosts file inside. */
  List<String> mounts() {
    return List.of(
        "--ro-bind",
        dir.toString(),
        INSIDE,
        "--ro-bind",
        dir.resolve("hosts").toString(),
        "/etc/hosts");
  }

  /**
   * Whether a forwarder must listen on a privileged port, which needs the namespace's capability.
   */
  boolean lowPorts() {
    return inside.stream().anyMatch(i -> i.endpoint().port() < 1024);
  }

  /**
   * The {@code sh -c} line that runs the command inside: a forwarder per endpoint, a wait until
   * each one listens (read from the namespace's {@code /proc/net/tcp}), then the command ({@code
   * "$@"}) in the foreground, so it keeps the shell's standard input, and its exit status once the
   * forwarders are ended: bubblewrap's init waits for every process of the sandbox, and the
   * command's output would never end while a forwarder lived.
   */
  String script(Path socat) {
    StringBuilder s = new StringBuilder("forwarders=\n");
    for (Inside i : inside) {
      s.append(quote(socat.toString()))
          .append(" TCP-LISTEN:")
          .append(i.endpoint().port())
          .append(",bind=")
          .append(i.address())
          .append(",fork,reuseaddr UNIX-CONNECT:")
          .append(INSIDE)
          .append('/')
          .append(i.socket())
          .append(" </dev/null >/dev/null &\n")
          .append("forwarders=\"$forwarders $!\"\n");
    }
    s.append("n=0\n");
    for (Inside i : inside) {
      s.append("until grep -q ' ")
          .append(procAddress(i))
          .append(" 00000000:0000 0A ' /proc/net/tcp; do\n")
          .append("  n=$((n+1)); if [ $n -gt ")
          .append(LISTEN_TRIES)
          .append(" ]; then echo 'kxm sandbox: the forwarder for ")
          .append(i.endpoint())
          .append(" did not start' >&2; kill $forwarders; exit 125; fi\n")
          .append("  sleep 0.01\ndone\n");
    }
    s.append("\"$@\"\nstatus=$?\nkill $forwarders 2>/dev/null\nexit $status\n");
    return s.toString();
  }

  /** {@code 127.0.0.1:443} as {@code /proc/net/tcp} writes it: {@code 0100007F:01BB}. */
  static String procAddress(Inside i) {
    String[] parts = i.address().split("\\.");
    StringBuilder hex = new StringBuilder();
    for (int b = 3; b >= 0; b--) {
      hex.append(String.format(Locale.ROOT, "%02X", Integer.parseInt(parts[b])));
    }
    return hex + ":" + String.format(Locale.ROOT, "%04X", i.endpoint().port());
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  List<Inside> inside() {
    return inside;
  }

  private void accept(ServerSocketChannel server, Inside at) {
    while (!closed) {
      SocketChannel in;
      try {
        in = server.accept();
      } catch (IOException e) {
        return; // closed with the sandbox
      }
      open.add(in);
      Thread.ofVirtual().name("sandbox-relay-" + at.endpoint()).start(() -> relay(in, at));
    }
  }

  private void relay(SocketChannel in, Inside at) {
    Socket out = new Socket();
    open.add(out);
    try {
      out.connect(
          new InetSocketAddress(at.endpoint().host(), at.endpoint().port()), CONNECT_TIMEOUT_MS);
      InputStream fromOutside = out.getInputStream();
      Thread back =
          Thread.ofVirtual()
              .start(() -> {
                toChannel(fromOutside, in);
                shutdown(in);
              });
      fromChannel(in, out.getOutputStream());
      if (!out.isClosed()) {
        out.shutdownOutput();
      }
      back.join();
    } catch (IOException e) {
      LOG.debug("sandbox relay to {} ended: {}", at.endpoint(), e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      closeQuietly(in);
      closeQuietly(out);
      open.remove(in);
      open.remove(out);
    }
  }

  // The channel is read and written directly, never through Channels' streams: those hold the
  // channel's blocking lock while they wait, so a read would block the other direction's writes.
  private static void fromChannel(SocketChannel from, OutputStream to) {
    ByteBuffer buffer = ByteBuffer.allocate(BUFFER);
    try {
      while (from.read(buffer) >= 0) {
        to.write(buffer.array(), 0, buffer.position());
        to.flush();
        buffer.clear();
      }
    } catch (IOException e) {
      // one side went away; the other is shut down by the caller
    }
  }

  private static void toChannel(InputStream from, SocketChannel to) {
    byte[] bytes = new byte[BUFFER];
    try {
      int n;
      while ((n = from.read(bytes)) >= 0) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes, 0, n);
        while (buffer.hasRemaining()) {
          to.write(buffer);
        }
      }
    } catch (IOException e) {
      // one side went away; the other is shut down by the caller
    }
  }

  private static void shutdown(SocketChannel c) {
    try {
      c.shutdownOutput();
    } catch (IOException e) {
      // already closed
    }
  }

  private static void closeQuietly(Closeable c) {
    try {
      c.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  @Override
  public void close() {
    closed = true;
    servers.forEach(SandboxNetwork::closeQuietly);
    open.forEach(SandboxNetwork::closeQuietly);
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      LOG.warn("the sandbox's network folder {} could not be removed: {}", dir, e.getMessage());
    }
  }
}
