package io.kxm.session.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ScratchFolderTest {

  @Test
  void the_folder_is_private_its_files_owner_only_and_it_goes_when_the_process_exits()
      throws Exception {
    ScratchFolder folder = ScratchFolder.create("kxm-scratch-test-");
    Path file = folder.write("config.toml", "secret = \"x\"\n");

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.path())))
        .isEqualTo("rwx------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(Files.readString(file)).isEqualTo("secret = \"x\"\n");

    Process process = new ProcessBuilder("true").start();
    folder.removeAfter(process);

    await().atMost(Duration.ofSeconds(30)).until(() -> !Files.exists(folder.path()));
  }

  @Test
  void closing_removes_nested_files_and_closing_twice_is_harmless() throws Exception {
    ScratchFolder folder = ScratchFolder.create("kxm-scratch-test-");
    Files.createDirectories(folder.path().resolve("a/b"));
    Files.writeString(folder.path().resolve("a/b/c.txt"), "c");

    folder.close();
    folder.close();

    assertThat(folder.path()).doesNotExist();
  }
}
