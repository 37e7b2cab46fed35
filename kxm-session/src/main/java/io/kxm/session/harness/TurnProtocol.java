package io.kxm.session.harness;

import io.kxm.session.api.TurnInput;
import java.util.List;

/**
 * How one kind of harness process talks on its pipes: what the turn writes to its stdin first, and
 * what each line it prints on stdout means. The {@code command} harness speaks KXM's own JSON-lines
 * protocol ({@link KxmLineProtocol}); an adapter for an agent CLI reads that CLI's own output
 * format and turns it into the same outputs. {@link ProcessTurn} does everything else: the threads,
 * the bounded reader, cancellation of the process tree and the normalized outcome.
 *
 * <p>One instance serves one turn, so it may keep state across lines (a CLI that streams a message
 * in pieces, say). {@link #read} is called from a single thread, in line order.
 */
public interface TurnProtocol {

  /**
   * The bytes written to the process's stdin when it starts. An empty array writes nothing; stdin
   * then closes at once unless {@link #takesAnswers()}.
   */
  byte[] opening(TurnInput input);

  /**
   * Whether a person's answers are written back to the running process on stdin. When false, stdin
   * closes after {@link #opening} and an answer is counted as undelivered.
   */
  boolean takesAnswers();

  /**
   * What one stdout line means, in order: nothing (a line the run does not record), one output, or
   * several (a CLI message holding text and tool calls). A line the protocol cannot read becomes a
   * {@link io.kxm.session.api.HarnessOutput.ProtocolError} output, never an exception.
   *
   * @param line one line without its newline, at most {@link HarnessLines#MAX_LINE_BYTES}, never
   *     blank
   */
  List<HarnessLine> read(byte[] line);

  /**
   * Outputs owed once stdout has ended, such as a final message a CLI only implies; empty by
   * default. Called once, after the last {@link #read}.
   */
  default List<HarnessLine> finish() {
    return List.of();
  }
}
