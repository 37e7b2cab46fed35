package io.kxm.hub.context;

import io.kxm.core.agent.Agent;
import io.kxm.core.context.ContextOperations;
import io.kxm.core.context.ContextOrigin;
import io.kxm.core.context.ContextRequests;
import tools.jackson.databind.JsonNode;

/**
 * The five context operations as one agent performs them, on HTTP routes and in its MCP session
 * alike: the project is always the agent's own, and its proposals are peer origin under its name.
 */
final class AgentContext {
  private final ContextReads reads;
  private final ContextChanges changes;

  AgentContext(ContextReads reads, ContextChanges changes) {
    this.reads = reads;
    this.changes = changes;
  }

  JsonNode packet(Agent agent, JsonNode body) {
    ContextRequests.Packet request = ContextRequests.Packet.read(body);
    return reads.packet(ContextScope.own(agent.project(), request.project()), request);
  }

  JsonNode recall(Agent agent, JsonNode body) {
    ContextRequests.Recall request = ContextRequests.Recall.read(body);
    return reads.recall(ContextScope.own(agent.project(), request.project()), request);
  }

  JsonNode state(Agent agent, JsonNode body) {
    ContextRequests.State request = ContextRequests.State.read(body);
    return reads.state(ContextScope.own(agent.project(), request.project()), request);
  }

  JsonNode episodes(Agent agent, JsonNode body) {
    ContextRequests.Episodes request = ContextRequests.Episodes.read(body);
    return reads.episodes(ContextScope.own(agent.project(), request.project()), request);
  }

  JsonNode propose(Agent agent, JsonNode body) {
    ContextRequests.Proposal request = ContextRequests.Proposal.read(body);
    return changes.propose(
        ContextScope.own(agent.project(), request.project()),
        agent.name(),
        ContextOrigin.PEER,
        request);
  }

  /** The port of one agent, read at each call as a route proves the agent at each call. */
  ContextOperations port(java.util.function.Supplier<Agent> caller) {
    return new ContextOperations() {
      @Override
      public JsonNode packet(JsonNode body) {
        return AgentContext.this.packet(caller.get(), body);
      }

      @Override
      public JsonNode recall(JsonNode body) {
        return AgentContext.this.recall(caller.get(), body);
      }

      @Override
      public JsonNode state(JsonNode body) {
        return AgentContext.this.state(caller.get(), body);
      }

      @Override
      public JsonNode episodes(JsonNode body) {
        return AgentContext.this.episodes(caller.get(), body);
      }

      @Override
      public JsonNode propose(JsonNode body) {
        return AgentContext.this.propose(caller.get(), body);
      }
    };
  }
}
