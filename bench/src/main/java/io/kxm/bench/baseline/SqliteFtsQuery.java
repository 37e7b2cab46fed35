package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.product.ContextCorpus;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.sqlite.SQLiteConfig;

/**
 * The raw bar for context recall: the ranked full-text query the hub's index runs (exact phrase
 * first, then bm25, then id, 25 rows), straight on the hub's SQLite file through read-only JDBC.
 */
public final class SqliteFtsQuery implements Measure {
  private static final String SQL =
      "SELECT d.doc_id, instr(' ' || d.terms || ' ', ?) > 0 AS exact,"
          + " -bm25(text_doc_fts) AS relevance"
          + " FROM text_doc_fts JOIN text_doc d ON d.id = text_doc_fts.rowid"
          + " WHERE text_doc_fts MATCH ? AND d.collection = ?"
          + " ORDER BY exact DESC, relevance DESC, d.doc_id ASC LIMIT 25";

  private ContextCorpus corpus;
  private Connection db;
  private PreparedStatement query;

  @Override
  public String what() {
    return "SQLite FTS5 ranked query on the hub's file (read-only JDBC), 25 rows";
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
    SQLiteConfig config = new SQLiteConfig();
    config.setReadOnly(true);
    config.setBusyTimeout(5_000);
    db = DriverManager.getConnection("jdbc:sqlite:" + corpus.database(), config.toProperties());
    query = db.prepareStatement(SQL);
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
    String collection = "context/" + corpus.hub().project();
    for (int i = 0; i < count; i++) {
      String text = ContextCorpus.QUERIES.get(i % ContextCorpus.QUERIES.size());
      query.setString(1, " " + text.toLowerCase(Locale.ROOT) + " ");
      query.setString(
          2,
          Stream.of(text.split(" ")).map(w -> '"' + w + '"').collect(Collectors.joining(" OR ")));
      query.setString(3, collection);
      int rows = 0;
      try (ResultSet rs = query.executeQuery()) {
        while (rs.next()) {
          rs.getString(1);
          rows++;
        }
      }
      if (rows != 25) {
        throw new IllegalStateException("the index answered " + rows + " rows, not 25");
      }
    }
  }

  @Override
  public void close() throws Exception {
    if (db != null) {
      db.close();
    }
  }
}
