package io.kxm.hub.identity;

import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRequest;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /v1/whoami}: what the presented token proves, as {@code {"role": "admin"|"project",
 * "project": …}}. Lets clients check a token without side effects.
 */
public final class WhoAmIFeature implements HubFeature {

  @Override
  public void install(HubContext hub) {
    hub.routes()
        .get(
            "/v1/whoami",
            Access.AUTHENTICATED,
            ctx -> {
              Principal principal = HubRequest.requirePrincipal(ctx);
              Map<String, Object> body = new LinkedHashMap<>();
              body.put("role", principal.kind());
              body.put("project", principal.project().orElse(null));
              ctx.json(body);
            });
  }
}
