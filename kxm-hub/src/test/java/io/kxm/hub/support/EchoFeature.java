package io.kxm.hub.support;

import io.kxm.core.json.Json;
import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRequest;

/** Test routes: a JSON echo, an admin-only echo, and a route that fails unexpectedly. */
public final class EchoFeature implements HubFeature {

  @Override
  public void install(HubContext hub) {
    hub.routes()
        .post(
            "/v1/test/echo",
            Access.AUTHENTICATED,
            ctx -> ctx.json(HubRequest.jsonBody(ctx).orElse(Json.object())))
        .get(
            "/v1/test/boom",
            Access.AUTHENTICATED,
            ctx -> {
              throw new IllegalStateException("database password=hunter2 at db.internal");
            })
        .get("/v1/test/items/{id}", Access.AUTHENTICATED, ctx -> ctx.json(ctx.pathParam("id")));
  }
}
