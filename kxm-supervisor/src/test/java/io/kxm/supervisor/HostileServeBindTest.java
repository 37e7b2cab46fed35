package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.testkit.hostile.Hostile;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * {@code kxm runtime serve --bind HOST[:PORT]} is outside input: any text is either read as an
 * address and a port, refused as {@code config_invalid}, or, reaching other machines with no token
 * set, refused as {@code runtime_bind_requires_token}; nothing else escapes, and a refusal shows no
 * control characters.
 */
class HostileServeBindTest {
  static final Set<ErrorCode> REFUSALS =
      Set.of(ErrorCode.CONFIG_INVALID, ErrorCode.RUNTIME_BIND_REQUIRES_TOKEN);

  @Property(tries = Hostile.TRIES)
  void a_bind_is_read_or_refused_with_a_stable_code(@ForAll("binds") String bind) {
    NetworkSettings settings;
    try {
      settings = NetworkSettings.forServer(Map.of(), bind, null);
    } catch (KxmException e) {
      Statistics.collect(e.code().code());
      assertThat(e.code()).isIn(REFUSALS);
      assertThat(e.getMessage()).doesNotContainPattern("[\\x00-\\x1f\\x7f]");
      return;
    }
    Statistics.collect("read");
    assertThat(settings.isLoopback()).as("no token is set, so only loopback may be read").isTrue();
    assertThat(settings.port()).isBetween(0, 65_535);
  }

  @Provide
  Arbitrary<String> binds() {
    Arbitrary<String> hosts =
        Arbitraries.of(
            "127.0.0.1", "localhost", "::1", "[::1]", "0.0.0.0", "::", "[::]", "192.0.2.7", "");
    Arbitrary<String> ports =
        Arbitraries.oneOf(
            Arbitraries.integers().between(-5, 70_000).map(String::valueOf),
            Arbitraries.strings().withChars("0123456789:-+ x").ofMaxLength(8));
    Arbitrary<String> shaped =
        net.jqwik.api.Combinators.combine(hosts, Arbitraries.of(":", "", "::", "]:"), ports)
            .as((h, sep, p) -> h + sep + p);
    Arbitrary<String> noise =
        Arbitraries.strings().withChars("0123456789abcdef.:[]%-/ \t\n\u0000é").ofMaxLength(40);
    return Arbitraries.oneOf(shaped, noise, Arbitraries.strings().ofMaxLength(60));
  }
}
