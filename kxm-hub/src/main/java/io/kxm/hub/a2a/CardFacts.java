package io.kxm.hub.a2a;

import java.util.List;

/**
 * What an agent card says about one hub agent, whichever wire version writes it.
 *
 * @param name the agent's name
 * @param description its purpose, or a sentence saying it takes requests
 * @param url the JSON-RPC endpoint
 * @param version the hub's version
 * @param skills one per clause of the agent's purpose
 */
record CardFacts(String name, String description, String url, String version, List<Skill> skills) {

  /** A skill of the card: an id, a short name and what it does. */
  record Skill(String id, String name, String description) {}
}
