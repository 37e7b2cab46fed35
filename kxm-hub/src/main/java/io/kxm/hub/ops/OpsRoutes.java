package io.kxm.hub.ops;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRequest;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.RoutePolicy;
import io.kxm.hub.stream.AgentStreamServer;
import io.kxm.hub.stream.Cursor;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Store;
import java.io.IOException;
import java.util.function.UnaryOperator;

/**
 * {@code GET /v1/ops/snapshot} and {@code GET /v1/ops/events}: the operations state and its SSE
 * stream, for the admin (every project, or {@code ?project=}) or a project token (its own). GET
 * only, like the agent stream.
 */
final class OpsRoutes {
  private final Store store;
  private final OpsSnapshot snapshot;
  private final AgentStreamServer server;

  OpsRoutes(Store store, OpsSnapshot snapshot, AgentStreamServer server) {
    this.store = store;
    this.snapshot = snapshot;
    this.server = server;
  }

  void install(HubRoutes routes) {
    routes.add(
        HandlerType.GET, "/v1/ops/snapshot", RoutePolicy.of(Access.AUTHENTICATED), this::snapshot);
    routes.add(
        HandlerType.GET, "/v1/ops/events", RoutePolicy.of(Access.AUTHENTICATED), this::stream);
  }

  private void snapshot(Context ctx) {
    OpsScope scope = scope(ctx);
    ctx.json(snapshot.of(scope));
  }

  private void stream(Context ctx) throws IOException {
    OpsScope scope = scope(ctx);
    long after = Cursor.parse(ctx.header("Last-Event-ID"), ctx.queryParam("after"));
    long last = store.opsEvents().lastSeq();
    if (after > last) {
      // As on agent streams: following from a number the log has not reached would drop every
      // entry up to it; the cursor came from another store or was made up.
      throw new KxmException(
          ErrorCode.INVALID_CURSOR,
          "cursor " + after + " is past the last operations entry " + last);
    }
    UnaryOperator<io.kxm.hub.sse.SseSink> view =
        scope.all() ? UnaryOperator.identity() : sink -> new ProjectSink(sink, scope.project());
    server.serve(ctx, StreamWriter.OPS_STREAM, after, view);
  }

  private static OpsScope scope(Context ctx) {
    return OpsScope.of(HubRequest.requirePrincipal(ctx), ctx.queryParam("project"));
  }
}
