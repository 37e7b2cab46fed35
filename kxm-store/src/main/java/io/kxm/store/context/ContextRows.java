package io.kxm.store.context;

import io.kxm.core.context.Authority;
import io.kxm.core.context.Confidence;
import io.kxm.core.context.ContextItem;
import io.kxm.core.context.ContextKind;
import io.kxm.core.context.ContextOrigin;
import io.kxm.core.context.ContextProposal;
import io.kxm.core.context.Episode;
import io.kxm.core.context.ProposalStatus;
import io.kxm.core.context.Validity;
import io.kxm.core.json.Json;
import io.kxm.store.jdbc.Row;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Rows of the context tables, and of the journal as episodes, back to domain records. */
final class ContextRows {
  private ContextRows() {}

  static ContextItem item(Row row) throws SQLException {
    return new ContextItem(
        row.string("id"),
        row.string("project"),
        ContextKind.fromWire(row.string("kind")),
        row.string("state_key"),
        row.string("summary"),
        ContextOrigin.fromWire(row.string("origin")),
        Authority.fromWire(row.string("authority")),
        Confidence.fromWire(row.string("confidence")),
        Validity.fromWire(row.string("validity")),
        strings(row.string("source_refs")),
        strings(row.string("derived_from")),
        row.string("created_by"),
        row.instant("created_at"),
        row.instant("valid_from"),
        row.nullableInstant("valid_to"));
  }

  static ContextProposal proposal(Row row) throws SQLException {
    return new ContextProposal(
        row.string("id"),
        row.string("project"),
        row.string("state_key"),
        row.string("summary"),
        Authority.fromWire(row.string("authority")),
        Confidence.fromWire(row.string("confidence")),
        strings(row.string("evidence_refs")),
        row.string("proposed_by"),
        ContextOrigin.fromWire(row.string("origin")),
        ProposalStatus.fromWire(row.string("status")),
        row.string("decided_by"),
        row.nullableInstant("decided_at"),
        row.string("item_id"),
        row.instant("created_at"),
        row.intValue("version"));
  }

  static Episode episode(Row row) throws SQLException {
    String attempt = row.string("attempt");
    return new Episode(
        row.string("id"),
        row.string("run_id"),
        row.string("stage_id"),
        attempt == null ? null : Integer.valueOf(attempt),
        row.string("category"),
        row.string("area"),
        row.string("severity"),
        row.string("author"),
        row.string("summary"),
        row.string("details"),
        strings(row.string("evidence")),
        row.instant("created_at"));
  }

  static List<String> strings(String json) {
    List<String> out = new ArrayList<>();
    Json.read(json).forEach(node -> out.add(node.asString()));
    return out;
  }
}
