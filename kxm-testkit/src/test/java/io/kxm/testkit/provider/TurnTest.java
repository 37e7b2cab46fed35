package io.kxm.testkit.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TurnTest {
  @Test
  void text_splits_into_the_asked_pieces_without_breaking_code_points() {
    List<String> pieces = Turn.split("héllo 👋 wörld", 4);

    assertThat(pieces).hasSize(4).allSatisfy(p -> assertThat(p).isNotEmpty());
    assertThat(String.join("", pieces)).isEqualTo("héllo 👋 wörld");
    assertThat(String.join("", pieces).codePoints().toArray())
        .isEqualTo("héllo 👋 wörld".codePoints().toArray());
    assertThat(Turn.split("ab", 5)).containsExactly("a", "b");
  }

  @Test
  void tool_input_that_is_not_a_json_object_is_refused() {
    assertThatThrownBy(() -> Turn.toolCall("read", "[1,2]"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("read")
        .hasMessageContaining("JSON object");
    assertThatThrownBy(() -> Turn.toolCall("read", "{broken"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Turn.toolCall(" ", "{}")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void a_turn_needs_content_and_sane_numbers() {
    assertThatThrownBy(() -> Turn.text("")).hasMessageContaining("text, a tool call, or both");
    assertThatThrownBy(() -> Turn.text("x").inPieces(0)).hasMessageContaining("at least one");
    assertThatThrownBy(() -> Turn.text("x").withUsage(-1, 0)).hasMessageContaining("negative");
    assertThatThrownBy(() -> Turn.text("x").withChunkDelay(Duration.ofMillis(-1)))
        .hasMessageContaining("zero or positive");
    assertThatThrownBy(() -> Turn.text("x").cutAfterEvents(-1)).hasMessageContaining("negative");
  }

  @Test
  void failures_and_provider_settings_are_checked() {
    assertThatThrownBy(() -> HttpFailure.of(200, "fine")).hasMessageContaining("4xx or 5xx");
    assertThatThrownBy(() -> HttpFailure.rateLimited(-1)).hasMessageContaining("retry-after");
    assertThatThrownBy(() -> FakeProvider.start(List.of(), Optional.empty()))
        .hasMessageContaining("at least one model id");
    assertThatThrownBy(() -> FakeProvider.start(List.of("m"), Optional.of("")))
        .hasMessageContaining("must not be blank");
  }
}
