package io.kxm.hub.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.fanout.Wakeup;
import io.kxm.testkit.hostile.Hostile;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Generated channel names and messages as anyone able to publish on Redis could send them to a hub
 * node: the parser never throws, and accepts only the one spelling the hub itself writes (a stream
 * of this deployment and a positive number), so whatever it accepts encodes back to exactly what
 * was heard.
 */
class HostileWakeupsTest {
  private static final String PREFIX = "kxm";

  @Provide
  Arbitrary<String> streams() {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.strings().all().ofMaxLength(40)),
        Tuple.of(
            3,
            Arbitraries.strings()
                .withChars("agt_.-0123456789abcXYZ")
                .ofMinLength(1)
                .ofMaxLength(Wakeup.MAX_STREAM_CHARS + 2)),
        Tuple.of(2, Arbitraries.of("agent.agt_01jd3k8q2v5x9w7c4b6n8m2p0r1t", "a:b", "*", "", " ")));
  }

  @Provide
  Arbitrary<String> channels() {
    Arbitrary<String> heads =
        Arbitraries.of(
            PREFIX + ":stream:", PREFIX + ":stream", "kxm2:stream:", "KXM:stream:", ":stream:", "");
    return Arbitraries.frequencyOf(
        Tuple.of(4, Combinators.combine(heads, streams()).as(String::concat)),
        Tuple.of(1, Arbitraries.strings().all().ofMaxLength(60)));
  }

  @Provide
  Arbitrary<String> messages() {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.strings().all().ofMaxLength(30)),
        Tuple.of(3, Arbitraries.longs().map(String::valueOf)),
        Tuple.of(
            2,
            Arbitraries.longs()
                .between(1, Long.MAX_VALUE)
                .map(n -> n + "\n{\"type\":\"message.queued\"}")),
        Tuple.of(
            2,
            Arbitraries.of(
                "0",
                "-1",
                "+1",
                "01",
                " 1",
                "1 ",
                "1\n",
                "1.0",
                "1e3",
                "0x10",
                "١",
                "１",
                "999999999999999999",
                "1000000000000000000",
                "9223372036854775807",
                "")));
  }

  @Property(tries = Hostile.TRIES / 2)
  void a_generated_message_is_a_wakeup_spelled_as_the_hub_spells_it_or_nothing(
      @ForAll("channels") String channel, @ForAll("messages") String message) {
    Optional<Wakeup> heard = Wakeup.parse(PREFIX, channel, message);

    heard.ifPresent(wakeup -> {
      assertThat(wakeup.seq()).isPositive();
      assertThat(Wakeup.channel(PREFIX, wakeup.stream())).isEqualTo(channel);
      assertThat(wakeup.message()).isEqualTo(message);
    });
  }

  @Property(tries = Hostile.TRIES / 2)
  void a_wakeup_the_hub_writes_is_heard_as_written_and_any_other_prefix_hears_nothing(
      @ForAll("streams") String stream,
      @ForAll("messages") String message,
      @ForAll("streams") String otherPrefix) {
    boolean validStream = stream.matches("[A-Za-z0-9._-]{1,128}");
    Optional<Wakeup> heard = Wakeup.parse(PREFIX, PREFIX + ":stream:" + stream, message);

    assertThat(heard.isPresent())
        .as("%s / %s", stream, message)
        .isEqualTo(validStream && message.matches("[1-9][0-9]{0,17}"));
    if (!otherPrefix.equals(PREFIX) && otherPrefix.matches("[A-Za-z0-9._-]{1,64}")) {
      assertThat(Wakeup.parse(otherPrefix, PREFIX + ":stream:" + stream, message)).isEmpty();
    }
  }
}
