package io.kxm.mcp.stdio;

import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.PeerOperations;
import io.kxm.core.tool.ToolContext;
import io.kxm.mcp.InboundNotices;
import io.kxm.mcp.McpJson;
import io.kxm.mcp.McpServerOptions;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The catalog served over stdio for one agent ({@code kxm mcp}). {@link #run()} blocks until stdin
 * ends, lets the answers in flight reach stdout, closes the server and returns, so the caller can
 * exit. Logs go to stderr; stdout carries protocol messages only.
 *
 * <pre>{@code
 * StdioMcpServer.builder(peers, McpServerOptions.defaults(version).withPolicy(policy)).build().run();
 * }</pre>
 */
public final class StdioMcpServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(StdioMcpServer.class);

  private final PeerOperations peers;
  private final PeerOperations inboxReads;
  private final McpServerOptions options;
  private final InputStream in;
  private final OutputStream out;
  private final Duration drainTimeout;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final AtomicReference<StdioServerTransportProvider> transport = new AtomicReference<>();
  private final AtomicReference<StdioRevision> revision = new AtomicReference<>();

  /** Whether a client initialized a 2025-11-25 session, which the SDK's notices are for. */
  private final AtomicBoolean sessionOpened = new AtomicBoolean();

  private StdioMcpServer(Builder builder) {
    this.peers = builder.peers;
    this.inboxReads = builder.inboxReads == null ? builder.peers : builder.inboxReads;
    this.options = builder.options;
    this.in = builder.in;
    this.out = builder.out;
    this.drainTimeout = builder.drainTimeout;
  }

  public static Builder builder(PeerOperations peers, McpServerOptions options) {
    return new Builder(peers, options);
  }

  /** Serves until stdin ends or {@link #close()} is called; then shuts down and returns. */
  public void run() throws InterruptedException {
    PendingRequests pending = new PendingRequests();
    WatchedStdout stdout = new WatchedStdout(out, pending);
    StdioRevision stateless = new StdioRevision(options, peers, inboxReads, pending, stdout);
    revision.set(stateless);
    WatchedStdin stdin =
        new WatchedStdin(
            in,
            pending,
            drainTimeout,
            refusal -> answer(stdout, refusal),
            message -> {
              if (message.path("method").asString("").equals("initialize")) {
                sessionOpened.set(true);
              }
              return stateless.take(message);
            },
            stopped::countDown);
    PrintStream original = System.out;
    boolean guardStdout = out == original;
    if (guardStdout) {
      // A stray println anywhere in the process would corrupt the protocol stream.
      System.setOut(System.err);
    }
    try {
      StdioServerTransportProvider provider =
          new StdioServerTransportProvider(McpJson.mapper(), stdin, stdout);
      transport.set(provider);
      ToolContext context = ToolContext.of(peers);
      ToolContext inboxContext = ToolContext.of(inboxReads);
      McpSyncServer server =
          options.build(McpServer.sync(provider), exchange -> context, exchange -> inboxContext);
      log.debug("kxm MCP server listening on stdio");
      stopped.await();
      revision.set(null);
      stateless.close();
      server.closeGracefully();
      log.debug("kxm MCP server stopped: stdin closed");
    } finally {
      revision.set(null);
      stateless.close(); // a second close does nothing; a failed start still stops its threads
      transport.set(null);
      if (guardStdout) {
        System.setOut(original);
      }
    }
  }

  private static void answer(WatchedStdout stdout, String refusal) {
    try {
      stdout.writeLine(refusal);
    } catch (IOException e) {
      log.debug("could not answer a refused line; stdout is closed", e);
    }
  }

  /**
   * Tells the client that a request arrived for this agent: on a 2025-11-25 session a logging
   * notification, or a channel event when the options make this a channel server, and {@code
   * resources/updated} for {@code kxm://inbox}; on 2026-07-28 {@code resources/updated} on each
   * open {@code subscriptions/listen} that asked for the inbox. Returns false when the server is
   * not running or the client could not be reached.
   */
  public boolean notifyRequestArrived(PeerMessage message) {
    StdioRevision listening = revision.get();
    boolean told = listening != null && listening.inboxChanged();
    StdioServerTransportProvider provider = transport.get();
    if (provider == null || !sessionOpened.get()) {
      return told;
    }
    boolean notified =
        options.channel()
            ? InboundNotices.sendChannel(provider::notifyClients, message)
            : InboundNotices.send(provider::notifyClients, message);
    return notified || told;
  }

  /** Stops {@link #run()} without waiting for stdin to end, for example on SIGTERM. */
  @Override
  public void close() {
    stopped.countDown();
  }

  /** Settings of a stdio server; the streams default to the process's own. */
  public static final class Builder {
    private final PeerOperations peers;
    private final McpServerOptions options;
    private PeerOperations inboxReads;
    private InputStream in = System.in;
    private OutputStream out = System.out;
    private Duration drainTimeout = Duration.ofSeconds(30);

    private Builder(PeerOperations peers, McpServerOptions options) {
      this.peers = Objects.requireNonNull(peers, "peers");
      this.options = Objects.requireNonNull(options, "options");
    }

    /**
     * The port the {@code kxm://inbox} resource reads through, when it must differ from the tools'
     * (for example one that does not acknowledge what it lists); the tools' port by default.
     */
    public Builder inboxReads(PeerOperations reads) {
      this.inboxReads = Objects.requireNonNull(reads, "reads");
      return this;
    }

    public Builder streams(InputStream in, OutputStream out) {
      this.in = Objects.requireNonNull(in, "in");
      this.out = Objects.requireNonNull(out, "out");
      return this;
    }

    /** How long answers in flight may take after stdin ends before the server closes anyway. */
    public Builder drainTimeout(Duration timeout) {
      this.drainTimeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    public StdioMcpServer build() {
      return new StdioMcpServer(this);
    }
  }
}
