package io.kxm.knowledge.evolve;

import io.kxm.knowledge.ForumRoom;
import io.kxm.knowledge.ForumThread;
import io.kxm.knowledge.KnowledgeEntry;
import java.util.List;

/**
 * What an agent says in a forum round, given what it retrieved: a simulated agent's summary in
 * tests, a harness turn in real use. The loop posts the text on the agent's behalf.
 */
@FunctionalInterface
public interface ForumVoice {

  /**
   * @return the post, or null (or blank) to stay silent this round
   */
  String speak(ForumContext context) throws InterruptedException;

  /**
   * What a participant knows when it speaks.
   *
   * @param knowledge the room's task knowledge it retrieved (attempts, insights, distillations)
   * @param threads the room's posts so far, threaded
   * @param ownAttempts this agent's attempts of the generation at the room's task (every task in
   *     the cross-task room)
   */
  record ForumContext(
      String agent,
      ForumRoom room,
      int generation,
      int round,
      List<KnowledgeEntry> knowledge,
      List<ForumThread> threads,
      List<AttemptRecord> ownAttempts) {}
}
