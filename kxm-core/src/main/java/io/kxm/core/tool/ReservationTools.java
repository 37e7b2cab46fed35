package io.kxm.core.tool;

import static io.kxm.core.tool.JsonNodes.tree;
import static io.kxm.core.tool.Schemas.string;

import io.kxm.core.reserve.PathGlob;
import io.kxm.core.reserve.ReservationLimits;
import io.kxm.core.reserve.ReservationRequest;
import java.util.List;

/** The two reservation tools: hold repository paths against other agents' edits, and let go. */
final class ReservationTools {
  private ReservationTools() {}

  static List<ToolDefinition> all() {
    return List.of(
        new ToolDefinition(
            "kxm_reserve",
            ToolGroup.RESERVATIONS,
            true,
            "Reserve repo paths (globs) before editing; others' edits are refused.",
            Schemas.object()
                .required(
                    "paths",
                    Schemas.array(string(PathGlob.MAX_LENGTH), 1, ReservationLimits.GLOBS_MAX))
                .property("mode", Schemas.oneOf("exclusive", "shared"))
                .property(
                    "ttlMs",
                    Schemas.integer(
                        ReservationLimits.MIN_TTL.toMillis(), ReservationLimits.MAX_TTL.toMillis()))
                .property("reason", string(ReservationLimits.REASON_MAX))
                .build(),
            (args, ctx) ->
                tree(
                    ctx.reservations()
                        .reserve(
                            ReservationRequest.of(
                                args.strings("paths"),
                                args.string("mode"),
                                args.integer("ttlMs"),
                                args.string("reason"))))),
        new ToolDefinition(
            "kxm_release",
            ToolGroup.RESERVATIONS,
            true,
            "Release your reservation once its edits are committed.",
            Schemas.object().required("reservationId", string(64)).build(),
            (args, ctx) -> tree(ctx.reservations().release(args.string("reservationId")))));
  }
}
