package io.kxm.cli;

import io.kxm.cli.hub.HubProcessFile;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.awaitility.Awaitility;

/** A hub in a child JVM, started as {@code kxm hub start --foreground} in a project folder. */
final class ChildHub implements AutoCloseable {
  final Process process;
  final String url;

  private ChildHub(Process process, String url) {
    this.process = process;
    this.url = url;
  }

  static ChildHub start(Path projectDir, Map<String, String> env) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Main.class.getName());
    cmd.addAll(List.of("hub", "start", "--foreground", "--port", "0"));
    ProcessBuilder builder = new ProcessBuilder(cmd).directory(projectDir.toFile());
    builder.environment().putAll(env);
    builder.redirectErrorStream(true);
    builder.redirectOutput(
        ProcessBuilder.Redirect.appendTo(new File(projectDir.toFile(), "child-console.log")));
    Process process = builder.start();
    Path claim = projectDir.resolve(".kxm/state/hub.json");
    String url =
        Awaitility.await()
            .atMost(Duration.ofSeconds(60))
            .until(
                () -> {
                  if (!process.isAlive()) {
                    throw new IllegalStateException("hub exited with " + process.exitValue());
                  }
                  return HubProcessFile.read(claim)
                      .filter(c -> c.pid() == process.pid())
                      .map(HubProcessFile::url)
                      .filter(ChildHub::healthy);
                },
                Optional::isPresent)
            .orElseThrow();
    return new ChildHub(process, url);
  }

  /** {@code kill -9}: no shutdown hook, no flush, no goodbye. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor();
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.destroy();
      if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }

  private static boolean healthy(String url) {
    try {
      HttpResponse<Void> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(url + "/health")).build(),
                  HttpResponse.BodyHandlers.discarding());
      return response.statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
