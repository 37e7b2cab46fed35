package io.kxm.hub.http;

import io.javalin.router.EndpointMetadata;
import java.util.Objects;

/** Per-route rules the request pipeline applies before the handler runs. */
public record RoutePolicy(Access access, BodyKind body) implements EndpointMetadata {
  /** What a route gets when it was registered without a policy. */
  public static final RoutePolicy DEFAULT = new RoutePolicy(Access.AUTHENTICATED, BodyKind.JSON);

  public RoutePolicy {
    Objects.requireNonNull(access, "access");
    Objects.requireNonNull(body, "body");
  }

  public static RoutePolicy of(Access access) {
    return new RoutePolicy(access, BodyKind.JSON);
  }
}
