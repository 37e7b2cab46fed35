package io.kxm.hub.a2a;

import io.kxm.core.agent.Agent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The facts of an agent's card, taken from its registration: its skills are the clauses of its
 * purpose (split at semicolons and line breaks), or one general skill when it declared none.
 */
final class AgentCards {
  static final int SKILLS_MAX = 8;

  private AgentCards() {}

  static CardFacts facts(Agent agent, String url, String version) {
    String purpose = agent.purpose() == null ? "" : agent.purpose().strip();
    String description =
        purpose.isEmpty() ? "Takes durable requests through the KXM hub and replies." : purpose;
    List<CardFacts.Skill> skills = new ArrayList<>();
    for (String clause : purpose.split("[;\\n]")) {
      String text = clause.strip();
      if (!text.isEmpty() && skills.size() < SKILLS_MAX) {
        skills.add(new CardFacts.Skill("skill-" + (skills.size() + 1), title(text), text));
      }
    }
    if (skills.isEmpty()) {
      skills.add(new CardFacts.Skill("request", "Request", description));
    }
    return new CardFacts(agent.name(), description, url, version, skills);
  }

  /** A short name for a skill: the clause's first words, capitalised. */
  private static String title(String clause) {
    String[] words = clause.split("\\s+");
    String name = String.join(" ", java.util.Arrays.copyOf(words, Math.min(words.length, 6)));
    return name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
  }
}
