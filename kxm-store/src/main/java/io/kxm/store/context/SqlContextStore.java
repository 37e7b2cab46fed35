package io.kxm.store.context;

import io.kxm.core.context.ContextItem;
import io.kxm.core.context.ContextKind;
import io.kxm.core.context.ContextProposal;
import io.kxm.core.context.Episode;
import io.kxm.core.context.LexicalRanker;
import io.kxm.core.context.ProposalStatus;
import io.kxm.core.context.Validity;
import io.kxm.core.json.Json;
import io.kxm.core.search.PostgresTextIndex;
import io.kxm.core.search.SearchHit;
import io.kxm.core.search.SqliteTextIndex;
import io.kxm.core.search.TextIndex;
import io.kxm.store.Dialect;
import io.kxm.store.jdbc.Jdbc;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@link ContextStore} in SQL that SQLite and PostgreSQL both accept. Current items are also kept
 * in the dialect's full-text index, collection {@code context/<project>}, in the same transaction
 * as their row; an item leaves the index when it ends.
 */
public final class SqlContextStore implements ContextStore {
  private static final String ITEM_COLUMNS =
      "id, project, kind, state_key, summary, origin, authority, confidence, validity,"
          + " source_refs, derived_from, created_by, created_at, valid_from, valid_to";
  private static final String PROPOSAL_COLUMNS =
      "id, project, state_key, summary, authority, confidence, evidence_refs, proposed_by,"
          + " origin, status, decided_by, decided_at, item_id, created_at, version";

  private final Jdbc jdbc;
  private final TextIndex index;

  public SqlContextStore(Jdbc jdbc) {
    this.jdbc = jdbc;
    this.index =
        jdbc.dialect() == Dialect.POSTGRES ? new PostgresTextIndex() : new SqliteTextIndex();
  }

  private static String collection(String project) {
    return "context/" + project;
  }

  private void unindex(String project, List<String> ids) {
    jdbc.about("remove ended context items of project " + project + " from the text index")
        .onConnection(connection -> {
          for (String id : ids) {
            index.remove(connection, collection(project), id);
          }
          return null;
        });
  }

  /** Ids and projects of the items a condition selects, before they change. */
  private record Ref(String id, String project) {}

  private List<Ref> refs(String where, Object... params) {
    return jdbc.about("find context items to end")
        .list(
            "SELECT id, project FROM context_items WHERE " + where,
            row -> new Ref(row.string("id"), row.string("project")),
            params);
  }

  private void unindex(List<Ref> refs) {
    for (Ref ref : refs) {
      unindex(ref.project(), List.of(ref.id()));
    }
  }

  @Override
  public List<SearchHit> search(String project, String query, int limit) {
    return jdbc.about("search context of project " + project)
        .onConnection(connection -> index.search(connection, collection(project), query, limit));
  }

  @Override
  public boolean holdsWord(String project, String word) {
    return jdbc.about("look up a word in the context of project " + project)
        .onConnection(connection -> index.holdsWord(connection, collection(project), word));
  }

  @Override
  public void insert(ContextItem i) {
    String json = jdbc.jsonParam();
    jdbc.about("store context item " + i.id() + " of project " + i.project())
        .update(
            "INSERT INTO context_items ("
                + ITEM_COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
                + json
                + ", "
                + json
                + ", ?, ?, ?, ?)",
            i.id(),
            i.project(),
            i.kind().wire(),
            i.key(),
            i.summary(),
            i.origin().wire(),
            i.authority().wire(),
            i.confidence().wire(),
            i.validity().wire(),
            Json.write(i.sourceRefs()),
            Json.write(i.derivedFrom()),
            i.createdBy(),
            i.createdAt(),
            i.validFrom(),
            i.validTo());
    if (i.validity() == Validity.CURRENT) {
      jdbc.about("index context item " + i.id())
          .onConnection(connection -> {
            index.put(connection, collection(i.project()), i.id(), LexicalRanker.searchText(i));
            return null;
          });
    }
  }

  @Override
  public List<ContextItem> find(String project, Collection<String> ids) {
    if (ids.isEmpty()) {
      return List.of();
    }
    List<Object> params = new ArrayList<>();
    params.add(project);
    params.addAll(ids);
    return jdbc.about("read context items " + ids + " of project " + project)
        .list(
            "SELECT "
                + ITEM_COLUMNS
                + " FROM context_items WHERE project = ? AND id IN ("
                + marks(ids.size())
                + ") ORDER BY id",
            ContextRows::item,
            params.toArray());
  }

  @Override
  public List<ContextItem> current(
      String project, Set<ContextKind> kinds, Instant now, boolean byId, int limit) {
    if (kinds.isEmpty()) {
      return List.of();
    }
    List<Object> params = new ArrayList<>();
    params.add(project);
    params.add(now);
    kinds.forEach(k -> params.add(k.wire()));
    params.add(limit);
    return jdbc.about("read current context of project " + project)
        .list(
            "SELECT "
                + ITEM_COLUMNS
                + " FROM context_items WHERE project = ? AND validity = 'current'"
                + " AND (valid_to IS NULL OR valid_to > ?) AND kind IN ("
                + marks(kinds.size())
                + ") ORDER BY "
                + (byId ? "id" : "created_at DESC, id DESC")
                + " LIMIT ?",
            ContextRows::item,
            params.toArray());
  }

  @Override
  public Optional<ContextItem> stateAt(String project, String key, Instant at) {
    return jdbc.about("read state '" + key + "' of project " + project + " at " + at)
        .first(
            "SELECT "
                + ITEM_COLUMNS
                + " FROM context_items WHERE project = ? AND state_key = ?"
                + " AND validity <> 'rejected' AND valid_from <= ?"
                + " AND (valid_to IS NULL OR valid_to > ?)"
                + " ORDER BY valid_from DESC, id DESC LIMIT 1",
            ContextRows::item,
            project,
            key,
            at,
            at);
  }

  @Override
  public int supersedeState(String project, String key, Instant at) {
    String holding =
        "project = ? AND state_key = ? AND validity = 'current'"
            + " AND (valid_to IS NULL OR valid_to > ?)";
    List<Ref> ended = refs(holding, project, key, at);
    int changed =
        jdbc.about("supersede state '" + key + "' of project " + project)
            .update(
                "UPDATE context_items SET validity = 'superseded', valid_to = ? WHERE " + holding,
                at,
                project,
                key,
                at);
    unindex(ended);
    return changed;
  }

  @Override
  public boolean end(String project, String id, Validity why, Instant at) {
    boolean ended =
        jdbc.about("end context item " + id + " of project " + project)
                .update(
                    "UPDATE context_items SET validity = ?, valid_to = ?"
                        + " WHERE project = ? AND id = ? AND validity = 'current'",
                    why.wire(),
                    at,
                    project,
                    id)
            == 1;
    if (ended) {
      unindex(project, List.of(id));
    }
    return ended;
  }

  @Override
  public int expire(Instant now) {
    String lapsed = "validity = 'current' AND valid_to IS NOT NULL AND valid_to <= ?";
    List<Ref> expiring = refs(lapsed, now);
    int changed =
        jdbc.about("expire context items")
            .update("UPDATE context_items SET validity = 'expired' WHERE " + lapsed, now);
    unindex(expiring);
    return changed;
  }

  @Override
  public int purgeEndedBefore(Instant cutoff) {
    String old = "validity <> 'current' AND valid_to IS NOT NULL AND valid_to < ?";
    // Ended items left the index when they ended; this catches any left behind all the same.
    unindex(refs(old, cutoff));
    return jdbc.about("purge context items ended before " + cutoff)
        .update("DELETE FROM context_items WHERE " + old, cutoff);
  }

  @Override
  public void insertProposal(ContextProposal p) {
    jdbc.about("store context proposal " + p.id() + " of project " + p.project())
        .update(
            "INSERT INTO context_proposals ("
                + PROPOSAL_COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, "
                + jdbc.jsonParam()
                + ", ?, ?, ?, ?, ?, ?, ?, ?)",
            p.id(),
            p.project(),
            p.key(),
            p.summary(),
            p.authority().wire(),
            p.confidence().wire(),
            Json.write(p.evidenceRefs()),
            p.proposedBy(),
            p.origin().wire(),
            p.status().wire(),
            p.decidedBy(),
            p.decidedAt(),
            p.itemId(),
            p.createdAt(),
            p.version());
  }

  @Override
  public Optional<ContextProposal> findProposal(String id) {
    return jdbc.about("read context proposal " + id)
        .first(
            "SELECT " + PROPOSAL_COLUMNS + " FROM context_proposals WHERE id = ?",
            ContextRows::proposal,
            id);
  }

  @Override
  public List<ContextProposal> proposals(String project, ProposalStatus status, int limit) {
    String filter = status == null ? "" : " AND status = ?";
    List<Object> params = new ArrayList<>();
    params.add(project);
    if (status != null) {
      params.add(status.wire());
    }
    params.add(limit);
    return jdbc.about("list context proposals of project " + project)
        .list(
            "SELECT "
                + PROPOSAL_COLUMNS
                + " FROM context_proposals WHERE project = ?"
                + filter
                + " ORDER BY created_at DESC, id DESC LIMIT ?",
            ContextRows::proposal,
            params.toArray());
  }

  @Override
  public boolean decide(ContextProposal d) {
    return jdbc.about("decide context proposal " + d.id())
            .update(
                "UPDATE context_proposals SET status = ?, decided_by = ?, decided_at = ?,"
                    + " item_id = ?, version = ? WHERE id = ? AND version = ?",
                d.status().wire(),
                d.decidedBy(),
                d.decidedAt(),
                d.itemId(),
                d.version(),
                d.id(),
                d.version() - 1)
        == 1;
  }

  @Override
  public List<Episode> episodes(String project, String runId, int limit) {
    String categories =
        Episode.CATEGORIES.stream().map(c -> "'" + c + "'").collect(Collectors.joining(", "));
    List<Object> params = new ArrayList<>();
    params.add(project);
    if (runId != null) {
      params.add(runId);
    }
    params.add(limit);
    List<Episode> newestFirst =
        jdbc.about("read episodes of project " + project)
            .list(
                "SELECT id, run_id, stage_id, attempt, category, area, severity, author, summary,"
                    + " details, evidence, created_at FROM workflow_journal WHERE project = ?"
                    + (runId == null ? "" : " AND run_id = ?")
                    + " AND category IN ("
                    + categories
                    + ") ORDER BY created_at DESC, id DESC LIMIT ?",
                ContextRows::episode,
                params.toArray());
    List<Episode> oldestFirst = new ArrayList<>(newestFirst);
    Collections.reverse(oldestFirst);
    return oldestFirst;
  }

  private static String marks(int n) {
    return String.join(", ", Collections.nCopies(n, "?"));
  }
}
