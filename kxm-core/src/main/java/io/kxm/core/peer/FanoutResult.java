package io.kxm.core.peer;

import java.util.List;

/**
 * One response per distinct target of a fanout, in the order the targets were given.
 *
 * @param responses finished, pending or failed entries
 */
public record FanoutResult(List<FanoutResponse> responses) {
  public FanoutResult {
    responses = List.copyOf(responses);
  }
}
