package io.kxm.runtime.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.StatePaths;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HubBindingTest {
  private static final String KEY = "0123456789abcdef01234567";
  @TempDir Path dir;

  @Test
  void a_saved_binding_reads_back_from_its_project_s_folder_and_its_file_is_owner_only()
      throws Exception {
    StatePaths state = new StatePaths(dir);
    HubBinding binding =
        new HubBinding(
            URI.create("http://127.0.0.1:7331/"), "kxm_project_secret", "alpha", Instant.EPOCH);

    binding.save(state, KEY);

    assertThat(HubBinding.load(state, KEY)).contains(binding);
    assertThat(binding.url()).isEqualTo(URI.create("http://127.0.0.1:7331"));
    assertThat(Files.getPosixFilePermissions(HubBinding.file(state, KEY)))
        .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    assertThat(HubBinding.file(state, KEY))
        .isEqualTo(dir.resolve("runtime/projects/" + KEY + "/hub-binding.json"));
  }

  @Test
  void the_token_never_shows_in_its_text_form() {
    HubBinding binding =
        new HubBinding(
            URI.create("https://hub.example"), "kxm_project_secret", "alpha", Instant.EPOCH);

    assertThat(binding.toString()).doesNotContain("kxm_project_secret").contains("alpha");
  }

  @Test
  void no_file_means_not_bound_and_a_damaged_one_is_refused_by_code() throws Exception {
    StatePaths state = new StatePaths(dir);
    assertThat(HubBinding.load(state, KEY)).isEmpty();

    Files.createDirectories(HubBinding.file(state, KEY).getParent());
    Files.writeString(HubBinding.file(state, KEY), "{\"url\": \"ftp://x\"}");

    assertThatThrownBy(() -> HubBinding.load(state, KEY))
        .isInstanceOf(KxmException.class)
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.SYNC_BINDING_INVALID);
  }

  @Test
  void urls_with_paths_queries_or_other_schemes_are_refused() {
    for (String bad :
        Set.of("ftp://hub", "http://hub/api", "http://hub?x=1", "http://user:pw@hub", "hub:7331")) {
      assertThatThrownBy(() -> HubBinding.requireUrl(bad)).as(bad).isInstanceOf(KxmException.class);
    }
  }
}
