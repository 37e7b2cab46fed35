package io.kxm.hub.sync;

import io.javalin.http.Context;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.sync.SyncLimits;
import io.kxm.fanout.LiveBus;
import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRequest;
import io.kxm.hub.http.JsonBodies;
import io.kxm.hub.metrics.HubCounts;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Store;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runtime sync ingest: {@code POST /v1/runtime/sync} takes a batch of allowlisted runtime events
 * and answers per event, and {@code GET /v1/runtime/runs} lists the runtime runs those events
 * describe. Both take the project token; the admin token only for projects without one, as on agent
 * routes (reading runs, the admin may do for any project).
 */
public final class SyncFeature implements HubFeature {
  static final int DEFAULT_RUNS = 100;
  static final int MAX_RUNS = 500;

  private final Store store;
  private final LiveBus bus;
  private final HubCounts counts;

  /** Publishes the operations entries of each push on {@code bus}, after it committed. */
  public SyncFeature(Store store, LiveBus bus) {
    this(store, bus, new HubCounts());
  }

  /**
   * As {@link #SyncFeature(Store, LiveBus)}, counting each pushed event's outcome in {@code
   * counts}.
   */
  public SyncFeature(Store store, LiveBus bus, HubCounts counts) {
    this.store = store;
    this.bus = bus;
    this.counts = counts;
  }

  @Override
  public void install(HubContext hub) {
    SyncIngest ingest = new SyncIngest(new StreamWriter(store, bus, counts), hub.credentials());
    hub.routes()
        .post("/v1/runtime/sync", Access.AUTHENTICATED, ctx -> push(ctx, ingest))
        .get("/v1/runtime/runs", Access.AUTHENTICATED, this::runs);
  }

  private static void push(Context ctx, SyncIngest ingest) {
    int size = ctx.bodyAsBytes().length;
    if (size > SyncLimits.MAX_BODY_BYTES) {
      throw new KxmException(
          ErrorCode.SYNC_BATCH_TOO_LARGE,
          "the sync body is " + size + " bytes; the limit is " + SyncLimits.MAX_BODY_BYTES);
    }
    ctx.json(
        ingest.accept(
            HubRequest.requirePrincipal(ctx),
            SyncBatch.parse(HubRequest.jsonBody(ctx).orElse(null))));
  }

  private void runs(Context ctx) {
    Principal principal = HubRequest.requirePrincipal(ctx);
    String asked = ctx.queryParam("project");
    String project =
        switch (principal) {
          case Principal.Project p -> {
            if (asked != null && !asked.equals(p.name())) {
              throw new KxmException(
                  ErrorCode.PROJECT_FORBIDDEN,
                  "this token is for project '" + p.name() + "', not '" + asked + "'");
            }
            yield p.name();
          }
          case Principal.Admin a -> {
            if (asked == null || !SyncLimits.PROJECT.matcher(asked).matches()) {
              throw new KxmException(
                  ErrorCode.INVALID_REQUEST,
                  "the admin token needs ?project=<name> naming a valid project");
            }
            yield asked;
          }
        };
    Long limit = JsonBodies.queryLong(ctx, "limit");
    if (limit != null && (limit < 1 || limit > MAX_RUNS)) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE, "limit must be 1 to " + MAX_RUNS + ", got " + limit);
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("project", project);
    body.put(
        "runs",
        store.syncEvents().runs(project, limit == null ? DEFAULT_RUNS : limit.intValue()).stream()
            .map(RuntimeRunView::of)
            .toList());
    ctx.json(body);
  }
}
