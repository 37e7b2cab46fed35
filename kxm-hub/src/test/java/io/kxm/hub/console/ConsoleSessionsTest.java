package io.kxm.hub.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.auth.HubCredentials;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console's session table: found by cookie, ended by idleness, sign-out or crowding. */
class ConsoleSessionsTest {
  @TempDir Path dir;
  private final SettableClock clock = SettableClock.atEpochSecond(1_900_000_000L);
  private ConsoleSessions sessions;

  @BeforeEach
  void create() {
    HubCredentials credentials =
        HubCredentials.load(
            dir.resolve("hub-env.json"), TestHubs.ADMIN, Map.of("alpha", TestHubs.ALPHA));
    sessions = new ConsoleSessions(credentials, clock);
  }

  @Test
  void a_cookie_finds_its_session_and_the_principal_its_token_proves() {
    ConsoleSessions.Opened opened = sessions.open(TestHubs.ALPHA, "ada", "alpha", null);

    var resolved = sessions.resolve(opened.id()).orElseThrow();
    assertThat(resolved.principal()).isEqualTo(new Principal.Project("alpha"));
    assertThat(resolved.session().operator()).isEqualTo("ada");
    assertThat(resolved.session().csrf()).startsWith("csrf_").isNotEqualTo(opened.id());
    assertThat(sessions.resolve(opened.id() + "x")).isEmpty();
    assertThat(sessions.resolve(null)).isEmpty();
    assertThat(resolved.session().toString()).doesNotContain(TestHubs.ALPHA);
    assertThat(opened.toString()).doesNotContain(opened.id());
  }

  @Test
  void a_session_ends_after_twelve_idle_hours_but_use_keeps_it() {
    ConsoleSessions.Opened opened = sessions.open(TestHubs.ADMIN, "grace", null, null);

    clock.tick(Duration.ofHours(11));
    assertThat(sessions.resolve(opened.id())).isPresent();
    clock.tick(Duration.ofHours(11));
    assertThat(sessions.resolve(opened.id())).isPresent();
    clock.tick(ConsoleSessions.IDLE);
    assertThat(sessions.resolve(opened.id())).isEmpty();
  }

  @Test
  void sign_out_ends_a_session() {
    ConsoleSessions.Opened opened = sessions.open(TestHubs.ADMIN, "grace", null, null);

    sessions.close(opened.id());

    assertThat(sessions.resolve(opened.id())).isEmpty();
  }

  @Test
  void the_table_is_bounded_and_drops_the_least_recently_used() {
    ConsoleSessions.Opened kept = sessions.open(TestHubs.ADMIN, "kept", null, null);
    ConsoleSessions.Opened dropped = sessions.open(TestHubs.ADMIN, "dropped", null, null);
    List<ConsoleSessions.Opened> others = new ArrayList<>();
    for (int i = 0; i < ConsoleSessions.MAX_SESSIONS - 2; i++) {
      others.add(sessions.open(TestHubs.ADMIN, "op" + i, null, null));
    }
    assertThat(sessions.resolve(kept.id())).isPresent();

    sessions.open(TestHubs.ADMIN, "newest", null, null);

    assertThat(sessions.size()).isEqualTo(ConsoleSessions.MAX_SESSIONS);
    assertThat(sessions.resolve(dropped.id())).isEmpty();
    assertThat(sessions.resolve(kept.id())).isPresent();
    assertThat(sessions.resolve(others.getLast().id())).isPresent();
  }

  @Test
  void a_token_the_hub_no_longer_knows_ends_the_session() {
    ConsoleSessions.Opened opened = sessions.open("kxm_admin_forgotten-token", "grace", null, null);

    assertThat(sessions.resolve(opened.id())).isEmpty();
    assertThat(sessions.size()).isZero();
  }
}
