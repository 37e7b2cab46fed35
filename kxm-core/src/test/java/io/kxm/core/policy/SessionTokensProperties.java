package io.kxm.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class SessionTokensProperties {
  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

  @Provide
  Arbitrary<ToolPolicy> policies() {
    Arbitrary<List<String>> names =
        Arbitraries.strings()
            .withCharRange('a', 'z')
            .withChars('_', '*')
            .ofMinLength(1)
            .ofMaxLength(20)
            .list()
            .ofMaxSize(5);
    Arbitrary<Preset> preset = Arbitraries.of(Preset.READ_ONLY).injectNull(0.5);
    return Combinators.combine(names, names, preset).as(ToolPolicy::new);
  }

  @Provide
  Arbitrary<byte[]> keys() {
    return Arbitraries.bytes().array(byte[].class).ofSize(32);
  }

  @Property
  void a_signed_token_verifies_to_the_same_payload(
      @ForAll("policies") ToolPolicy policy, @ForAll("keys") byte[] key) {
    SessionTokenPayload payload =
        new SessionTokenPayload(policy, NOW, NOW.plus(Duration.ofHours(24)));
    TokenCheck check =
        SessionTokens.verify(SessionTokens.sign(payload, key), key, NOW.plusSeconds(60));
    assertThat(check).isEqualTo(new TokenCheck.Valid(payload));
  }

  @Property
  void changing_any_one_character_makes_the_token_invalid(
      @ForAll("policies") ToolPolicy policy,
      @ForAll("keys") byte[] key,
      @ForAll @IntRange(min = 0, max = 10_000) int where,
      @ForAll @IntRange(min = 1, max = 63) int shift) {
    String token =
        SessionTokens.sign(new SessionTokenPayload(policy, NOW, NOW.plusSeconds(3600)), key);
    int at = where % token.length();
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    int index = alphabet.indexOf(token.charAt(at));
    char replacement = index < 0 ? 'A' : alphabet.charAt((index + shift) % alphabet.length());
    String forged = token.substring(0, at) + replacement + token.substring(at + 1);
    assertThat(SessionTokens.verify(forged, key, NOW)).isInstanceOf(TokenCheck.Invalid.class);
  }

  @Property
  void a_token_signed_with_another_key_is_invalid(
      @ForAll("policies") ToolPolicy policy,
      @ForAll("keys") byte[] key,
      @ForAll("keys") byte[] other) {
    if (java.util.Arrays.equals(key, other)) {
      return;
    }
    String token =
        SessionTokens.sign(new SessionTokenPayload(policy, NOW, NOW.plusSeconds(3600)), other);
    assertThat(SessionTokens.verify(token, key, NOW))
        .isEqualTo(
            new TokenCheck.Invalid("its signature does not match this machine's session key"));
  }

  @Property
  void a_token_is_valid_strictly_before_it_expires(
      @ForAll("keys") byte[] key, @ForAll @IntRange(min = 1, max = 86_400) int ttlSeconds) {
    Instant expires = NOW.plusSeconds(ttlSeconds);
    String token =
        SessionTokens.sign(new SessionTokenPayload(ToolPolicy.readOnly(), NOW, expires), key);
    assertThat(SessionTokens.verify(token, key, expires.minusMillis(1)))
        .isInstanceOf(TokenCheck.Valid.class);
    assertThat(SessionTokens.verify(token, key, expires)).isInstanceOf(TokenCheck.Invalid.class);
  }

  @Property
  void text_that_is_not_a_token_is_invalid_never_an_exception(
      @ForAll @Size(max = 200) String garbage, @ForAll("keys") byte[] key) {
    assertThat(SessionTokens.verify(garbage, key, NOW)).isInstanceOf(TokenCheck.Invalid.class);
  }
}
