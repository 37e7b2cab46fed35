package io.kxm.core.workflow.run;

import java.util.Objects;

/**
 * What the coordinator is told to do next, and whether the hub must message it.
 *
 * @param text the instruction in words, naming stage, attempt and what is required
 * @param notice whether the hub sends the coordinator a message about it
 */
public record Instruction(Kind kind, String text, Notice notice) {

  public Instruction {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(notice, "notice");
  }

  /** The next step. */
  public enum Kind {
    /** Work on the stage the run moved to. */
    CONTINUE,
    /** Fix and checkpoint the same stage again. */
    RETRY,
    /** The stage is parked; reply to settle the turn. */
    WAIT,
    /** The run completed; reply with the result. */
    FINISH,
    /** The run failed. */
    STOP
  }

  /** Whether the coordinator learns of this from a tool result or needs a message. */
  public enum Notice {
    /** The coordinator asked; the tool result carries the instruction. */
    NONE,
    /** Send a message that informs only: the run has ended. */
    INFORM,
    /** Send a fresh request that becomes the run's prompt; append {@code PromptSent} with it. */
    PROMPT
  }
}
