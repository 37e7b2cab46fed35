package io.kxm.session.harness;

import io.kxm.session.api.TurnInput;
import java.util.List;

/**
 * KXM's own JSON-lines protocol of docs/harness-protocol.md, spoken by {@code command} harnesses.
 */
public final class KxmLineProtocol implements TurnProtocol {

  @Override
  public byte[] opening(TurnInput input) {
    return TurnLines.turn(input);
  }

  @Override
  public boolean takesAnswers() {
    return true;
  }

  @Override
  public List<HarnessLine> read(byte[] line) {
    return List.of(HarnessLines.parse(line));
  }
}
