package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One client asks the hub to recall context, one query after another, over a project of thousands
 * of items: queries per second, against the same ranked query run straight on the hub's full-text
 * index through JDBC.
 */
public final class ContextRecallScenario implements Scenario {
  private static final JsonMapper JSON = JsonMapper.shared();

  @Override
  public String name() {
    return "context-recall";
  }

  @Override
  public String title() {
    return String.format(
        Locale.ROOT,
        "context recall over %,d items (%,d with --quick), 25 hits, hub process on SQLite",
        ContextCorpus.ITEMS,
        ContextCorpus.QUICK_ITEMS);
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(
        new Comparison("queries/s", "sqlite-fts-query", "queries/s", Target.atLeast(0.3)));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private ContextCorpus corpus;
      private HttpConnection connection;
      private List<Request> requests;

      @Override
      public String what() {
        return "POST /v1/context/recall, limit 25, one client";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.rate("queries/s"));
      }

      @Override
      public void setup(Run run) throws Exception {
        corpus = ContextCorpus.shared(run);
      }

      @Override
      public void prepare(Run run) throws Exception {
        connection = HttpConnection.open(corpus.hub().base());
        requests = new ArrayList<>();
        for (String query : ContextCorpus.QUERIES) {
          ObjectNode body = JSON.createObjectNode();
          body.put("project", corpus.hub().project());
          body.put("query", query);
          body.put("limit", 25);
          requests.add(
              Request.postJson(
                  corpus.hub().base(),
                  "/v1/context/recall",
                  corpus.adminHeaders(),
                  body.toString()));
        }
        queries(run.size(200, 1_000));
      }

      @Override
      public double[] once(Run run) throws Exception {
        int count = run.size(400, 2_000);
        long t0 = System.nanoTime();
        queries(count);
        return new double[] {count / ((System.nanoTime() - t0) / 1e9)};
      }

      private void queries(int count) throws Exception {
        for (int i = 0; i < count; i++) {
          JsonNode answer =
              JSON.readTree(
                  connection
                      .send(requests.get(i % requests.size()))
                      .expect(200, "POST /v1/context/recall")
                      .text());
          if (answer.path("items").size() != 25) {
            throw new IllegalStateException(
                "recall answered " + answer.path("items").size() + " items, not 25");
          }
        }
      }

      @Override
      public void close() {
        if (connection != null) {
          connection.close();
        }
      }
    };
  }
}
