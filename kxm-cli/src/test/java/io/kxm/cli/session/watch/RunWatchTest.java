package io.kxm.cli.session.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.CliContext;
import io.kxm.cli.session.SessionSupervisor;
import io.kxm.cli.session.SessionSupervisor.Console;
import io.kxm.cli.session.SessionSupervisor.Done;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Watching a run through what a person at a terminal sees, and across a supervisor restart. The
 * tests share one supervisor; the restart test leaves it running again.
 */
class RunWatchTest {
  private static final Pattern CONTINUATION = Pattern.compile("goes on in run (srun_\\S+)");

  @TempDir static Path dir;
  static SessionSupervisor kxm;

  @BeforeAll
  static void supervisor() throws Exception {
    kxm = SessionSupervisor.start(dir);
  }

  @AfterAll
  static void stop() {
    kxm.close();
  }

  /** Follows {@code runId} as at a terminal where a person types {@code typed}. */
  static int watchAtTerminal(String runId, StringWriter out, List<String> asked, String typed) {
    CliContext context =
        new CliContext(
            kxm.env(), kxm.workspace(), new PrintWriter(out, true), new PrintWriter(out, true));
    return new RunWatch(
            context,
            runId,
            0,
            false,
            RunWatch.BACKOFF,
            Duration.ofMinutes(1),
            prompt -> {
              asked.add(prompt);
              return Optional.of(typed);
            })
        .follow();
  }

  @Test
  void at_a_terminal_the_watch_asks_for_an_approval_and_posts_it_itself() {
    String sessionId = kxm.newEchoSession();
    String runId =
        kxm.kxm("session", "run", sessionId, "--json", "approve it").json().path("id").asString();
    List<String> asked = new CopyOnWriteArrayList<>();
    StringWriter out = new StringWriter();

    int exit = watchAtTerminal(runId, out, asked, "y");

    assertThat(exit).as(out.toString()).isZero();
    assertThat(asked).singleElement().asString().startsWith("approve?");
    assertThat(out.toString())
        .contains(" approved by ")
        .contains("run completed (success)")
        .doesNotContain("answer with:");
  }

  @Test
  void at_a_terminal_the_watch_asks_a_clarification_and_sends_the_typed_line() throws Exception {
    String agent = Path.of(RunWatchTest.class.getResource("clarify-agent.py").toURI()).toString();
    Done created = kxm.kxm("session", "new", "--json", "--", "python3", agent);
    assertThat(created.exit()).as(created.err()).isZero();
    String sessionId = created.json().path("id").asString();
    String runId =
        kxm.kxm("session", "run", sessionId, "--json", "fix it").json().path("id").asString();
    List<String> asked = new CopyOnWriteArrayList<>();
    StringWriter out = new StringWriter();

    int exit = watchAtTerminal(runId, out, asked, "README.md");

    assertThat(exit).as(out.toString()).isZero();
    assertThat(asked).singleElement().asString().startsWith("your answer to int_");
    assertThat(out.toString())
        .contains("question int_")
        .contains("which file?")
        .contains(" answered by ")
        .contains("will edit README.md")
        .contains("run completed (success)");
  }

  @Test
  void a_watch_resumes_after_the_supervisor_restarts_and_ends_when_the_answer_moves_on()
      throws Exception {
    String sessionId = kxm.newEchoSession();
    String runId =
        kxm.kxm("session", "run", sessionId, "--json", "approve later")
            .json()
            .path("id")
            .asString();
    Console console = new Console(new StringWriter(), new StringWriter());
    CompletableFuture<Integer> watch =
        CompletableFuture.supplyAsync(() -> kxm.kxm(console, "runs", "watch", runId));
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> console.out().toString().contains("answer with:"));
    String interactionId = between(console.out().toString(), "approval needed ", ":");

    kxm.stopSupervisor();
    // Usually at once. At worst a connection the stopped supervisor left open is noticed at the
    // watch's idle limit (a minute), and a call it took and never answered at the watch's call
    // timeout. On a timeout the watch's own words say where it stood.
    Awaitility.await()
        .atMost(Duration.ofSeconds(75))
        .untilAsserted(() ->
            assertThat(console.err().toString())
                .as("watch output: %s", console.out())
                .contains("reconnecting…"));
    kxm.startSupervisor();
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() ->
            assertThat(console.out().toString())
                .as("watch errors: %s", console.err())
                .contains("run interrupted"));
    Done approved = kxm.kxm("runs", "approve", runId, interactionId);

    assertThat(approved.exit()).as(approved.err()).isZero();
    assertThat(approved.out()).contains("the answer goes on in run srun_");
    // The watch follows the run that carries the answer on, and exits with its outcome.
    assertThat(watch.get(60, TimeUnit.SECONDS)).as(console.err().toString()).isZero();
    String watched = console.out().toString();
    assertThat(watched).containsOnlyOnce("approval needed " + interactionId);
    Matcher continuation = CONTINUATION.matcher(watched);
    assertThat(continuation.find()).as(watched).isTrue();
    assertThat(watched).contains("following run " + continuation.group(1));
    String followed = watched.substring(watched.indexOf("following run " + continuation.group(1)));
    assertThat(followed).contains("resumed with approved").contains("run completed");
    Done again = kxm.kxm("runs", "watch", continuation.group(1));
    assertThat(again.exit()).as(again.err()).isZero();
    assertThat(again.out()).contains("resumed with approved").contains("run completed");
  }

  @Test
  void a_stream_quiet_past_the_idle_limit_is_reopened_without_repeating_an_event()
      throws Exception {
    String sessionId = kxm.newEchoSession();
    String runId =
        kxm.kxm("session", "run", sessionId, "--json", "approve when ready")
            .json()
            .path("id")
            .asString();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            kxm.env(), kxm.workspace(), new PrintWriter(out, true), new PrintWriter(err, true));
    // Keep-alives come every 15 s by default: a run waiting for an answer is quiet past 700 ms.
    CompletableFuture<Integer> watch =
        CompletableFuture.supplyAsync(() ->
            new RunWatch(context, runId, 0, false, RunWatch.BACKOFF, Duration.ofMillis(700), null)
                .follow());
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() ->
            out.toString().contains("answer with:") && err.toString().contains("reconnecting…"));
    String interactionId = between(out.toString(), "approval needed ", ":");

    Done approved = kxm.kxm("runs", "approve", runId, interactionId);

    assertThat(approved.exit()).as(approved.err()).isZero();
    assertThat(watch.get(60, TimeUnit.SECONDS)).as(err.toString()).isZero();
    assertThat(out.toString())
        .containsOnlyOnce("approval needed " + interactionId)
        .containsOnlyOnce("tool call echo")
        .contains("run completed (success)");
  }

  private static String between(String text, String before, String after) {
    int start = text.indexOf(before) + before.length();
    return text.substring(start, text.indexOf(after, start));
  }
}
