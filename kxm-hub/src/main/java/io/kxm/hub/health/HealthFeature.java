package io.kxm.hub.health;

import io.javalin.http.Context;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.Readiness;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.ErrorEnvelope;
import io.kxm.hub.http.HubRequest;
import java.util.Map;

/**
 * {@code GET /health}: the process answers (liveness). {@code GET /ready}: it can also serve,
 * because the readiness check passed; otherwise 503 with the check's error. Neither needs a
 * credential, so supervisors and load balancers can probe them.
 */
public final class HealthFeature implements HubFeature {
  private final Readiness readiness;

  public HealthFeature(Readiness readiness) {
    this.readiness = readiness;
  }

  @Override
  public void install(HubContext hub) {
    hub.routes()
        .get("/health", Access.PUBLIC, ctx -> ctx.json(Map.of("status", "ok")))
        .get("/ready", Access.PUBLIC, ctx -> ready(hub, ctx));
  }

  private void ready(HubContext hub, Context ctx) {
    KxmException failure;
    try {
      readiness.check();
      ctx.json(Map.of("status", "ready"));
      return;
    } catch (KxmException e) {
      failure = e;
    } catch (RuntimeException e) {
      hub.log().error("ready.failed", HubRequest.id(ctx), "readiness check threw", e);
      failure =
          new KxmException(
              ErrorCode.NOT_READY,
              "the readiness check failed with " + e.getClass().getSimpleName());
    }
    // Not ready is 503 whatever the code, so a load balancer reads every failure the same way.
    ctx.status(503).contentType(ErrorEnvelope.CONTENT_TYPE).result(ErrorEnvelope.bytes(failure));
  }
}
