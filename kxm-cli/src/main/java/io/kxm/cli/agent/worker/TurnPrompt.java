package io.kxm.cli.agent.worker;

import io.kxm.core.peer.PeerMessage;
import java.util.List;
import java.util.Optional;

/**
 * The prompt of the turn that answers a request: who asked and what, the project's brief when there
 * is one, and the new direction of any steer that redirected the work.
 */
final class TurnPrompt {
  private TurnPrompt() {}

  static String of(PeerMessage request, List<PeerMessage> steers, Optional<String> brief) {
    StringBuilder prompt = new StringBuilder();
    brief.ifPresent(text -> prompt.append(text.strip()).append("\n\n---\n\n"));
    prompt
        .append("Request ")
        .append(request.id())
        .append(" from agent ")
        .append(sender(request))
        .append(". Your final message is sent back as the reply.\n\n")
        .append(request.content());
    for (PeerMessage steer : steers) {
      prompt
          .append("\n\nSteer ")
          .append(steer.id())
          .append(" from agent ")
          .append(sender(steer))
          .append(" redirects the work above:\n\n")
          .append(steer.content());
    }
    return prompt.toString();
  }

  private static String sender(PeerMessage message) {
    return message.fromName() != null ? message.fromName() : String.valueOf(message.from());
  }
}
