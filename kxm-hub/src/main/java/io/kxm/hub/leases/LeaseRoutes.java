package io.kxm.hub.leases;

import io.javalin.http.Context;
import io.kxm.core.agent.Agent;
import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.lease.Lease;
import io.kxm.core.lease.LeaseLimits;
import io.kxm.core.lease.LeaseOutcome;
import io.kxm.hub.agents.AgentGuard;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.JsonBodies;
import io.kxm.hub.ops.LeaseOps;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Store;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Fenced leases for the agents of a project, held in the agent's own name (its ID) and timed by the
 * hub's clock (the store's). Refusals are 409 with {@code lease_held}, {@code lease_not_held} or
 * {@code lease_fenced}.
 */
public final class LeaseRoutes {
  private static final String PATH = "/v1/agents/{agentId}/leases/{resource}";
  private static final Pattern RESOURCE = Pattern.compile("[A-Za-z0-9._:-]+");

  private final StreamWriter writer;
  private final Store store;
  private final AgentGuard guard;

  /** Each change and its operations entry commit together through {@code writer}. */
  public LeaseRoutes(StreamWriter writer, AgentGuard guard) {
    this.writer = writer;
    this.store = writer.store();
    this.guard = guard;
  }

  public void install(HubRoutes routes) {
    routes
        .post(PATH, Access.AUTHENTICATED, this::acquire)
        .post(PATH + "/renew", Access.AUTHENTICATED, this::renew)
        .delete(PATH, Access.AUTHENTICATED, this::release)
        .post(PATH + "/fence", Access.AUTHENTICATED, this::fence);
  }

  private void acquire(Context ctx) {
    Agent agent = guard.require(ctx);
    LeaseBody body = JsonBodies.read(ctx, LeaseBody.class);
    String resource = resource(ctx);
    held(
        ctx,
        writer.write((tx, events) -> {
          LeaseOutcome outcome =
              tx.leases().acquire(agent.project(), resource, agent.id(), body.ttl());
          if (outcome instanceof LeaseOutcome.Held held) {
            LeaseOps.acquired(events, agent, held.lease());
          }
          return outcome;
        }));
  }

  private void renew(Context ctx) {
    Agent agent = guard.require(ctx);
    LeaseBody body = JsonBodies.read(ctx, LeaseBody.class);
    String resource = resource(ctx);
    held(
        ctx,
        writer.write((tx, events) -> {
          LeaseOutcome outcome =
              tx.leases().renew(agent.project(), resource, agent.id(), body.ttl());
          if (outcome instanceof LeaseOutcome.NotHolder) {
            LeaseOps.lost(events, agent, resource);
          }
          return outcome;
        }));
  }

  private void release(Context ctx) {
    Agent agent = guard.require(ctx);
    String resource = resource(ctx);
    LeaseOutcome outcome =
        writer.write((tx, events) -> {
          LeaseOutcome released = tx.leases().release(agent.project(), resource, agent.id());
          switch (released) {
            case LeaseOutcome.Released r -> LeaseOps.released(events, agent, r.lease());
            case LeaseOutcome.NotHolder n -> LeaseOps.lost(events, agent, resource);
            case LeaseOutcome.Held h -> {}
            case LeaseOutcome.Busy b -> {}
          }
          return released;
        });
    if (!(outcome instanceof LeaseOutcome.Released)) {
      held(ctx, outcome);
      return;
    }
    ctx.status(204);
  }

  /**
   * 200 while the token is the resource's current one; {@code lease_fenced} for an older one,
   * {@code fence_unknown} for one above the current, which no holder was ever given.
   */
  private void fence(Context ctx) {
    Agent agent = guard.require(ctx);
    String resource = resource(ctx);
    LeaseBody body = JsonBodies.read(ctx, LeaseBody.class);
    if (body.fencingToken() == null) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "fencingToken is required");
    }
    Lease lease =
        store
            .leases()
            .find(agent.project(), resource)
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.LEASE_NOT_HELD, "nobody ever held a lease on '" + resource + "'"));
    if (body.fencingToken() > lease.fencingToken()) {
      // Tokens only grow from 1, so one above the current was never handed out: not stale, forged
      // or meant for another hub.
      throw new KxmException(
          ErrorCode.FENCE_UNKNOWN,
          "fencing token "
              + body.fencingToken()
              + " on '"
              + resource
              + "' is ahead of the current token "
              + lease.fencingToken()
              + "; this hub never issued it");
    }
    if (lease.fencingToken() != body.fencingToken()) {
      throw new KxmException(
          ErrorCode.LEASE_FENCED,
          "fencing token "
              + body.fencingToken()
              + " on '"
              + resource
              + "' is stale; the current token is "
              + lease.fencingToken()
              + ", "
              + describe(lease));
    }
    ctx.json(Map.of("lease", LeaseView.of(lease), "current", true));
  }

  private void held(Context ctx, LeaseOutcome outcome) {
    switch (outcome) {
      case LeaseOutcome.Held held -> ctx.json(Map.of("lease", LeaseView.of(held.lease())));
      case LeaseOutcome.Released released ->
          ctx.json(Map.of("lease", LeaseView.of(released.lease())));
      case LeaseOutcome.Busy busy ->
          throw new KxmException(
              ErrorCode.LEASE_HELD,
              "'" + busy.current().resource() + "' is " + describe(busy.current()));
      case LeaseOutcome.NotHolder notHolder ->
          throw new KxmException(
              ErrorCode.LEASE_NOT_HELD,
              "this agent holds no valid lease on '"
                  + ctx.pathParam("resource")
                  + "'"
                  + notHolder.current().map(l -> "; it is " + describe(l)).orElse(""));
    }
  }

  /** Names the holder by name and ID, and its deadline. */
  private String describe(Lease lease) {
    String name = store.agents().findById(lease.holder()).map(Agent::name).orElse("an agent");
    return "held by " + name + " (" + lease.holder() + ") until " + lease.expiresAt();
  }

  private static String resource(Context ctx) {
    String resource = ctx.pathParam("resource");
    TextLength.check("resource", resource, LeaseLimits.RESOURCE_CHARS);
    if (!RESOURCE.matcher(resource).matches()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "resource may hold only letters, digits, '.', '_', ':' and '-'");
    }
    return resource;
  }
}
