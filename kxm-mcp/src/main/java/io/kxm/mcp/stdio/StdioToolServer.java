package io.kxm.mcp.stdio;

import io.kxm.mcp.McpJson;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fixed set of tools served over stdio, with the same guarded streams as {@link StdioMcpServer}:
 * a stray line from the client is answered and dropped, answers in flight are flushed after stdin
 * ends, and stdout carries protocol messages only. For tool sets outside the kxm catalog, such as
 * the forum tools of {@code kxm knowledge mcp}.
 */
public final class StdioToolServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(StdioToolServer.class);

  private final String name;
  private final String version;
  private final String instructions;
  private final List<SyncToolSpecification> tools;
  private final InputStream in;
  private final OutputStream out;
  private final CountDownLatch stopped = new CountDownLatch(1);

  /**
   * @param instructions what the server tells the model about its tools
   * @param in the client's requests; the process's stdin in real use
   * @param out where answers go; the process's stdout in real use
   */
  public StdioToolServer(
      String name,
      String version,
      String instructions,
      List<SyncToolSpecification> tools,
      InputStream in,
      OutputStream out) {
    this.name = Objects.requireNonNull(name, "name");
    this.version = Objects.requireNonNull(version, "version");
    this.instructions = Objects.requireNonNull(instructions, "instructions");
    this.tools = List.copyOf(tools);
    this.in = Objects.requireNonNull(in, "in");
    this.out = Objects.requireNonNull(out, "out");
  }

  /** Serves until stdin ends or {@link #close()} is called; then shuts down and returns. */
  public void run() throws InterruptedException {
    PendingRequests pending = new PendingRequests();
    WatchedStdout stdout = new WatchedStdout(out, pending);
    WatchedStdin stdin =
        new WatchedStdin(
            in,
            pending,
            Duration.ofSeconds(30),
            refusal -> answer(stdout, refusal),
            message -> false, // this server speaks 2025-11-25 only
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
      McpSyncServer server =
          McpServer.sync(provider)
              .serverInfo(name, version)
              .instructions(instructions)
              .jsonMapper(McpJson.mapper())
              .requestTimeout(Duration.ofSeconds(20))
              .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
              .tools(tools)
              .build();
      stopped.await();
      server.closeGracefully();
      log.debug("{} stopped: stdin closed", name);
    } finally {
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

  /** Stops {@link #run()} without waiting for stdin to end. */
  @Override
  public void close() {
    stopped.countDown();
  }
}
