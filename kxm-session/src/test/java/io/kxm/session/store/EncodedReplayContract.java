package io.kxm.session.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.session.api.EncodedEvent;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.StreamKey;
import io.kxm.session.stream.EventEnvelope;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** Replay in wire form is the text live delivery writes. */
public interface EncodedReplayContract extends SessionStoreContract {

  @Test
  default void an_encoded_replay_is_the_same_text_live_delivery_writes_for_each_event() {
    try (SessionFixture fixture = fixture()) {
      SessionRun run = fixture.aRunningRun();
      ObjectNode awkward = Json.object();
      awkward.put("text", "quotes \" and \\ back-slashes, a line\nbreak, tabs\t, é, 日本, \u0001");
      awkward.putArray("list").add(1).add(2.5).addNull().add(true);
      awkward.putObject("nested").put("empty", "");
      fixture.clock.tick(Duration.ofNanos(123_456_789));
      fixture.store.append(run.id(), "message.delta", awkward).join();
      fixture.clock.tick(Duration.ofMillis(1));
      fixture.store.append(run.id(), "usage", Json.object().put("inputTokens", 12)).join();
      fixture.clock.tick(Duration.ofNanos(1));
      fixture.store.append(run.id(), "tool.call", Json.object()).join();

      for (StreamKey key : List.of(StreamKey.run(run.id()), StreamKey.session(run.sessionId()))) {
        List<SessionEvent> events = fixture.store.replay(key, 0, 100);
        List<EncodedEvent> encoded = fixture.store.replayEncoded(key, 0, 100);

        assertThat(encoded).hasSameSizeAs(events).hasSizeGreaterThanOrEqualTo(4);
        for (int i = 0; i < events.size(); i++) {
          SessionEvent event = events.get(i);
          assertThat(encoded.get(i).envelope()).isEqualTo(EventEnvelope.json(event));
          assertThat(encoded.get(i).seq()).isEqualTo(event.seq());
          assertThat(encoded.get(i).type()).isEqualTo(event.type());
        }
      }
      assertThat(fixture.store.replayEncoded(StreamKey.run(run.id()), Long.MAX_VALUE - 1, 10))
          .isEmpty();
    }
  }
}
