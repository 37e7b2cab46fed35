package io.kxm.bench.product;

import io.kxm.bench.Run;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Request;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A hub of its own on the SQLite store, filled once per run with context items whose summaries are
 * drawn from a fixed vocabulary: the context recall scenario asks the hub, its baseline reads the
 * same full-text index straight from the hub's file.
 */
public record ContextCorpus(HubProcess hub, Path database, String adminToken, int items)
    implements AutoCloseable {
  static final int QUICK_ITEMS = 1_000;
  static final int ITEMS = 5_000;

  /** Words the summaries and the queries are made of; a query of two of them hits many items. */
  static final List<String> VOCABULARY =
      List.of(
          "release",
          "branch",
          "migration",
          "schema",
          "flaky",
          "test",
          "gate",
          "deploy",
          "cache",
          "timeout",
          "retry",
          "review",
          "token",
          "rotation",
          "index",
          "replay",
          "stream",
          "worker",
          "budget",
          "packet",
          "lesson",
          "regression",
          "rollback",
          "latency",
          "queue",
          "lease",
          "backup",
          "restore",
          "vendor",
          "route");

  /** Queries the scenario cycles through, each two vocabulary words. */
  public static final List<String> QUERIES =
      List.of(
          "release branch",
          "flaky test",
          "schema migration",
          "token rotation",
          "replay stream",
          "rollback deploy",
          "cache timeout",
          "worker queue");

  private static final JsonMapper JSON = JsonMapper.shared();

  public static ContextCorpus shared(Run run) throws Exception {
    return run.shared("context-corpus", ContextCorpus.class, ContextCorpus::fill);
  }

  private static ContextCorpus fill(Run run) throws Exception {
    Path dir = run.newDir("hub-context-");
    String token = HubProcess.newToken();
    HubProcess hub = HubProcess.sqliteIn(dir, token);
    String admin = token.replace("kxm_bench_", "kxm_bench_admin_");
    int items = run.size(QUICK_ITEMS, ITEMS);
    Random random = new Random(42);
    try (HttpConnection connection = HttpConnection.open(hub.base())) {
      for (int i = 0; i < items; i++) {
        ObjectNode body = JSON.createObjectNode();
        body.put("project", hub.project());
        body.put("kind", "knowledge");
        body.put("summary", summary(random, i));
        body.put("origin", "tool");
        body.put("authority", "evidence");
        body.put("confidence", "probable");
        body.put("createdBy", "bench");
        connection
            .send(
                Request.postJson(
                    hub.base(),
                    "/v1/context/items",
                    Map.of("Authorization", "Bearer " + admin),
                    body.toString()))
            .expect(201, "POST /v1/context/items");
      }
    }
    return new ContextCorpus(hub, dir.resolve(".kxm/state/kxm.db"), admin, items);
  }

  // Twelve words of the vocabulary, so every query word is in about a third of the items.
  private static String summary(Random random, int i) {
    StringBuilder text = new StringBuilder("note ").append(i);
    for (int w = 0; w < 12; w++) {
      text.append(' ').append(VOCABULARY.get(random.nextInt(VOCABULARY.size())));
    }
    return text.toString();
  }

  public Map<String, String> adminHeaders() {
    return Map.of("Authorization", "Bearer " + adminToken);
  }

  @Override
  public void close() {
    hub.close();
  }
}
