package io.kxm.hub.ops;

import io.kxm.core.agent.Agent;
import io.kxm.core.lease.Lease;
import io.kxm.hub.stream.EventAppender;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Operations entries about leases: acquired (by a new holder, or again by the same one), released,
 * lost (a holder's renewal or release found it expired or taken over).
 */
public final class LeaseOps {
  public static final String ACQUIRED = "lease.acquired";
  public static final String RELEASED = "lease.released";
  public static final String LOST = "lease.lost";

  private LeaseOps() {}

  public static void acquired(EventAppender events, Agent holder, Lease lease) {
    events.ops(lease.project(), ACQUIRED, fields(holder, lease.resource(), lease));
  }

  public static void released(EventAppender events, Agent holder, Lease lease) {
    events.ops(lease.project(), RELEASED, fields(holder, lease.resource(), lease));
  }

  public static void lost(EventAppender events, Agent holder, String resource) {
    events.ops(holder.project(), LOST, fields(holder, resource, null));
  }

  private static Map<String, Object> fields(Agent holder, String resource, Lease lease) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("resource", resource);
    data.put("holderId", holder.id());
    data.put("holder", holder.name());
    if (lease != null) {
      data.put("fencingToken", lease.fencingToken());
      data.put("expiresAt", lease.expiresAt().toString());
    }
    return data;
  }
}
