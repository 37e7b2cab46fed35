package io.kxm.runtime.git;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.testkit.GitRepository;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitTest {
  @TempDir Path dir;

  @Test
  void output_past_the_byte_limit_is_cut_and_git_still_runs_to_its_end() throws Exception {
    Path repo = GitRepository.withOneCommit(dir.resolve("repo"), "big.txt", "x".repeat(300_000));

    Git.Result result = Git.in(repo).maxOutputBytes(1000).run("show", "HEAD:big.txt");

    assertThat(result)
        .isInstanceOfSatisfying(
            Git.Exited.class,
            exited -> {
              assertThat(exited.ok()).isTrue();
              assertThat(exited.cut()).isTrue();
              assertThat(exited.out()).hasSize(1000);
            });
  }

  @Test
  void input_reaches_git_on_stdin() throws Exception {
    Path repo = GitRepository.withOneCommit(dir.resolve("repo"), "a.txt", "hello");

    Git.Result result =
        Git.in(repo)
            .input("HEAD:a.txt\n".getBytes(StandardCharsets.UTF_8))
            .run("cat-file", "--batch");

    assertThat(result)
        .isInstanceOfSatisfying(
            Git.Exited.class,
            exited -> {
              assertThat(exited.cut()).isFalse();
              assertThat(exited.text()).contains(" blob 5\nhello\n");
            });
  }

  @Test
  void a_refusal_is_an_exit_status_with_what_git_said_in_english() throws Exception {
    Path repo = GitRepository.withOneCommit(dir.resolve("repo"), "a.txt", "hello");

    Git.Result result = Git.in(repo).run("cat-file", "-p", "no-such-object");

    assertThat(result)
        .isInstanceOfSatisfying(
            Git.Exited.class,
            exited -> {
              assertThat(exited.ok()).isFalse();
              assertThat(exited.err()).contains("Not a valid object name");
            });
  }

  @Test
  void a_folder_that_does_not_exist_is_not_run_and_says_which_command() throws Exception {
    Git.Result result = Git.in(dir.resolve("missing")).run("status");

    assertThat(result)
        .isInstanceOfSatisfying(
            Git.NotRun.class, notRun -> assertThat(notRun.reason()).contains("git status"));
  }

  @Test
  void hooks_of_the_repository_never_run() throws Exception {
    Path repo = GitRepository.withOneCommit(dir.resolve("repo"), "a.txt", "hello");
    Path marker = dir.resolve("hook-ran");
    Path hook = repo.resolve(".git/hooks/pre-commit");
    Files.writeString(hook, "#!/bin/sh\ntouch '" + marker + "'\nexit 1\n");
    Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwx------"));

    Git.Result result =
        Git.in(repo)
            .timeout(Duration.ofSeconds(30))
            .run(
                "-c",
                "user.name=Test",
                "-c",
                "user.email=test@example.com",
                "commit",
                "-q",
                "--allow-empty",
                "-m",
                "two");

    assertThat(result)
        .isInstanceOfSatisfying(Git.Exited.class, exited -> assertThat(exited.ok()).isTrue());
    assertThat(marker).doesNotExist();
  }
}
