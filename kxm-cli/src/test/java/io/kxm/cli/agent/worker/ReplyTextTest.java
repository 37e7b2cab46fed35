package io.kxm.cli.agent.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.peer.Limits;
import io.kxm.core.peer.ReplyRequest;
import org.junit.jupiter.api.Test;

class ReplyTextTest {

  @Test
  void an_output_within_the_limit_is_the_reply_unchanged() {
    assertThat(ReplyText.of("the answer is 4", "srun_a")).isEqualTo("the answer is 4");
  }

  @Test
  void an_empty_output_becomes_a_reply_that_says_so() {
    assertThat(ReplyText.of("  ", "srun_a")).isEqualTo("(the turn ended without a message)");
  }

  @Test
  void an_overlong_output_is_cut_to_the_hubs_limit_with_a_note_naming_the_run() {
    // astral characters count once each, as the hub counts them
    String output = "😀".repeat(Limits.CONTENT_MAX + 10);

    String reply = ReplyText.of(output, "srun_big");

    assertThat(reply.codePointCount(0, reply.length())).isEqualTo(Limits.CONTENT_MAX);
    assertThat(reply).startsWith("😀😀").contains("run srun_big").contains("32010 characters");
    assertThat(new ReplyRequest("msg_1", reply).content()).isEqualTo(reply);
  }
}
