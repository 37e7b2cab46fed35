package io.kxm.hub.workflow;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.kxm.core.workflow.signature.SignedRequest;
import io.kxm.core.workflow.signature.WebhookSignature;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.BodyKind;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.JsonBodies;
import io.kxm.hub.http.RoutePolicy;
import java.util.Map;

/**
 * The routes outside callers use: signed webhooks that start runs and signed signals that release
 * waits (no bearer token: the signature is the credential, and the raw body is read as bytes so
 * that what was signed is what is checked), and the operator's quorum degrade.
 */
final class WebhookRoutes {
  private static final RoutePolicy SIGNED = new RoutePolicy(Access.PUBLIC, BodyKind.RAW);

  private final WebhookStarts starts;
  private final SignalDeliveries signals;
  private final QuorumDegrades degrades;

  WebhookRoutes(WebhookStarts starts, SignalDeliveries signals, QuorumDegrades degrades) {
    this.starts = starts;
    this.signals = signals;
    this.degrades = degrades;
  }

  void install(HubRoutes routes) {
    routes
        .add(HandlerType.POST, "/v1/webhooks/{workflowId}", SIGNED, this::start)
        .add(HandlerType.POST, "/v1/workflows/runs/{runId}/signal", SIGNED, this::signal)
        .post("/v1/workflows/runs/{runId}/degrade", Access.ADMIN, this::degrade);
  }

  private void start(Context ctx) {
    String workflowId = ctx.pathParam("workflowId");
    WebhookStarts.Started started =
        starts.start(workflowId, signed(ctx, WebhookSignature.startPath(workflowId)));
    ctx.status(started.duplicate() ? 200 : 201).json(started);
  }

  private void signal(Context ctx) {
    String runId = ctx.pathParam("runId");
    ctx.json(signals.signal(runId, signed(ctx, WebhookSignature.signalPath(runId))));
  }

  private void degrade(Context ctx) {
    WorkflowBodies.Degrade body = JsonBodies.read(ctx, WorkflowBodies.Degrade.class);
    ctx.json(Map.of("run", degrades.degrade(body.command(ctx.pathParam("runId")))));
  }

  /**
   * The request as signed: the path is the route's with the ID as routed, so a hub behind a
   * prefix-stripping proxy checks what its sender signed.
   */
  private static SignedRequest signed(Context ctx, String path) {
    return new SignedRequest(
        ctx.method().name(),
        path,
        ctx.header(WebhookSignature.DELIVERY_HEADER),
        ctx.header(WebhookSignature.TIMESTAMP_HEADER),
        ctx.header(WebhookSignature.SIGNATURE_HEADER),
        ctx.bodyAsBytes());
  }
}
