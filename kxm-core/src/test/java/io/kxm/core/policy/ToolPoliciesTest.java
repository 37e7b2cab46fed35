package io.kxm.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.secret.SecureFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolPoliciesTest {
  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

  @TempDir Path dir;
  private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

  private Path keyFile() {
    return dir.resolve("state/session-key");
  }

  private Path tokenFile() {
    return dir.resolve("config/session.token");
  }

  private String issue(ToolPolicy policy, Duration ttl) {
    return SessionTokens.issue(policy, ttl, keyFile(), clock);
  }

  private ActivePolicy load(Map<String, String> env) {
    return ToolPolicies.load(env, tokenFile(), keyFile(), clock);
  }

  @Test
  void with_no_token_anywhere_every_tool_runs() {
    assertThat(load(Map.of())).isEqualTo(ActivePolicy.OPEN);
  }

  @Test
  void the_first_key_use_creates_an_owner_only_key_file() throws Exception {
    issue(ToolPolicy.readOnly(), SessionTokens.DEFAULT_TTL);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(keyFile())))
        .isEqualTo("rw-------");
  }

  @Test
  void the_attempt_token_wins_over_the_session_token_and_the_file() {
    String readOnly = issue(ToolPolicy.readOnly(), Duration.ofHours(1));
    String all = issue(ToolPolicy.ALLOW_ALL, Duration.ofHours(1));
    SecureFiles.writeOwnerOnly(tokenFile(), all.getBytes(StandardCharsets.US_ASCII));
    ActivePolicy policy =
        load(Map.of(ToolPolicies.ATTEMPT_TOKEN, readOnly, ToolPolicies.SESSION_TOKEN, all));
    assertThat(policy.check("kxm_send")).isInstanceOf(PolicyDecision.Denied.class);
    assertThat(((ActivePolicy.Restricted) policy).source().isAttempt()).isTrue();
    assertThat(load(Map.of(ToolPolicies.SESSION_TOKEN, readOnly)).check("kxm_send"))
        .isInstanceOf(PolicyDecision.Denied.class);
    assertThat(load(Map.of()).check("kxm_send")).isInstanceOf(PolicyDecision.Allowed.class);
  }

  @Test
  void a_forged_token_file_blocks_every_tool_and_says_how_to_clear_it() {
    issue(ToolPolicy.ALLOW_ALL, Duration.ofHours(1));
    String unsigned = "eyJwb2xpY3kiOnt9fQ.bm90LWEtc2lnbmF0dXJl";
    SecureFiles.writeOwnerOnly(tokenFile(), unsigned.getBytes(StandardCharsets.US_ASCII));
    PolicyDecision decision = load(Map.of()).check("kxm_list");
    assertThat(decision)
        .isInstanceOfSatisfying(
            PolicyDecision.Denied.class,
            denied -> {
              assertThat(denied.code()).isEqualTo(ErrorCode.TOOL_POLICY_DENIED);
              assertThat(denied.message()).contains("kxm_list", "signature", "every kxm tool");
              assertThat(denied.hint())
                  .contains("Remove " + tokenFile(), "kxm session token --clear");
            });
  }

  @Test
  void a_token_without_a_key_on_this_machine_blocks_every_tool() {
    ActivePolicy policy = load(Map.of(ToolPolicies.SESSION_TOKEN, "abc.def"));
    assertThat(policy).isInstanceOf(ActivePolicy.Blocked.class);
    assertThat(policy.check("kxm_get")).isInstanceOf(PolicyDecision.Denied.class);
  }

  @Test
  void a_token_that_expires_during_a_session_starts_blocking_then() {
    MutableClock moving = new MutableClock(NOW);
    String token =
        SessionTokens.issue(ToolPolicy.ALLOW_ALL, Duration.ofMinutes(10), keyFile(), moving);
    ActivePolicy policy =
        ToolPolicies.load(
            Map.of(ToolPolicies.SESSION_TOKEN, token), tokenFile(), keyFile(), moving);
    assertThat(policy.check("kxm_send")).isInstanceOf(PolicyDecision.Allowed.class);
    moving.now = NOW.plus(Duration.ofMinutes(10));
    assertThat(policy.check("kxm_send"))
        .isInstanceOfSatisfying(
            PolicyDecision.Denied.class,
            denied -> assertThat(denied.message()).contains("expired"));
  }

  @Test
  void an_expired_token_blocks_every_tool() {
    String token = issue(new ToolPolicy(List.of("*"), List.of(), null), Duration.ofMinutes(1));
    ActivePolicy later =
        ToolPolicies.load(
            Map.of(ToolPolicies.SESSION_TOKEN, token),
            tokenFile(),
            keyFile(),
            Clock.fixed(NOW.plus(Duration.ofMinutes(2)), ZoneOffset.UTC));
    assertThat(later).isInstanceOf(ActivePolicy.Blocked.class);
  }

  @Test
  void a_key_file_others_can_read_is_refused() throws Exception {
    issue(ToolPolicy.ALLOW_ALL, Duration.ofHours(1));
    String token = issue(ToolPolicy.ALLOW_ALL, Duration.ofHours(1));
    Files.setPosixFilePermissions(keyFile(), PosixFilePermissions.fromString("rw-r--r--"));
    ActivePolicy policy = load(Map.of(ToolPolicies.SESSION_TOKEN, token));
    assertThat(policy).isInstanceOf(ActivePolicy.Blocked.class);
    assertThat(((ActivePolicy.Blocked) policy).reason()).contains("other users");
  }

  @Test
  void a_saved_token_file_restricts_until_it_is_cleared() throws Exception {
    ToolPolicies.saveSessionToken(tokenFile(), issue(ToolPolicy.readOnly(), Duration.ofHours(1)));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile())))
        .isEqualTo("rw-------");
    assertThat(load(Map.of()).check("kxm_reply")).isInstanceOf(PolicyDecision.Denied.class);
    assertThat(ToolPolicies.clearSessionToken(tokenFile())).isTrue();
    assertThat(load(Map.of())).isEqualTo(ActivePolicy.OPEN);
    assertThat(ToolPolicies.clearSessionToken(tokenFile())).isFalse();
  }

  @Test
  void the_token_file_lives_in_the_user_config_dir() {
    assertThat(ToolPolicies.sessionTokenFile(Map.of("KXM_USER_CONFIG_DIR", "/tmp/kx")))
        .isEqualTo(Path.of("/tmp/kx/session.token"));
    assertThat(ToolPolicies.sessionTokenFile(Map.of("HOME", "/home/ann")))
        .isEqualTo(Path.of("/home/ann/.config/kxm/session.token"));
  }

  /** A clock the test moves by hand. */
  static final class MutableClock extends Clock {
    volatile Instant now;

    MutableClock(Instant now) {
      this.now = now;
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }
}
