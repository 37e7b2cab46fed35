package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.client.Request;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a send costs more as the store fills: three hubs on SQLite, each filled over HTTP with
 * 10⁴, 10⁵ and 10⁶ requests before the first repetition (1,000, 2,000 and 4,000 with {@code
 * --quick}), then timed on a fixed number of sends by 16 agents each waiting for its 201. Also the
 * store's size per message: the pages the database file uses, divided by the messages it holds.
 */
public final class SendGrowthScenario implements Scenario {
  private static final int SENDERS = 16;

  /** Messages stored before the first repetition, full run and quick run. */
  public static final List<Integer> STORED = List.of(10_000, 100_000, 1_000_000);

  public static final List<Integer> QUICK_STORED = List.of(1_000, 2_000, 4_000);

  private final List<Integer> quickStored;
  private final List<Integer> fullStored;

  public SendGrowthScenario() {
    this(QUICK_STORED, STORED);
  }

  /** Smaller stores only in tests, where figures are not compared. */
  SendGrowthScenario(List<Integer> quickStored, List<Integer> fullStored) {
    this.quickStored = List.copyOf(quickStored);
    this.fullStored = List.copyOf(fullStored);
  }

  @Override
  public String name() {
    return "send-by-stored";
  }

  @Override
  public String title() {
    return "durable send, 16 agents, by messages already stored ("
        + label(fullStored)
        + "; "
        + label(quickStored)
        + " with --quick), SQLite";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of();
  }

  /** The name of the throughput metric at the {@code i}-th store size (0, 1, 2). */
  public static String rate(int i) {
    return "store " + (i + 1) + " of 3";
  }

  /** The name of the bytes-per-message metric at the {@code i}-th store size. */
  public static String bytes(int i) {
    return "bytes/msg, store " + (i + 1) + " of 3";
  }

  @Override
  public Measure product() {
    return new Measure() {
      private final List<Filled> stores = new ArrayList<>();
      private int perRepetition;

      @Override
      public String what() {
        return "hub durable send to an offline agent, " + Payloads.SEND_BYTES + "-byte body";
      }

      @Override
      public List<Metric> metrics() {
        List<Metric> m = new ArrayList<>();
        for (int i = 0; i < fullStored.size(); i++) {
          m.add(new Metric(rate(i), "msgs/s", Metric.Better.HIGHER));
        }
        for (int i = 0; i < fullStored.size(); i++) {
          m.add(new Metric(bytes(i), "bytes", Metric.Better.LOWER));
        }
        return m;
      }

      @Override
      public void setup(Run run) throws Exception {
        perRepetition = run.size(500, 2_000);
        for (int stored : run.quick() ? quickStored : fullStored) {
          Path dir = run.newDir("hub-growth-");
          HubProcess hub = HubProcess.sqliteIn(dir, HubProcess.newToken());
          run.closeWhenStopped(hub);
          HubClient client = new HubClient(hub);
          List<Request> sends = new ArrayList<>();
          try (HttpConnection c = HttpConnection.open(client.base())) {
            Agent recipient = client.register(c, "growth-sink", "is sent to while it is away");
            String content = Payloads.content(Payloads.SEND_BYTES - 40);
            for (int i = 0; i < SENDERS; i++) {
              Agent sender = client.register(c, "growth-" + i, "fills the store");
              sends.add(client.sendRequestAllowingOffline(sender, recipient.name(), content));
            }
          }
          Sends.fixed(client, sends, stored);
          stores.add(new Filled(client, sends, dir.resolve(".kxm/state/kxm.db"), stored));
        }
      }

      @Override
      public void prepare(Run run) throws Exception {
        for (Filled f : stores) {
          f.send(perRepetition);
        }
      }

      @Override
      public double[] once(Run run) throws Exception {
        double[] values = new double[stores.size() * 2];
        for (int i = 0; i < stores.size(); i++) {
          Filled f = stores.get(i);
          long t0 = System.nanoTime();
          f.send(perRepetition);
          values[i] = perRepetition / ((System.nanoTime() - t0) / 1e9);
          values[stores.size() + i] = f.bytesPerMessage();
        }
        return values;
      }
    };
  }

  /** One filled hub, and how many messages it holds. */
  private static final class Filled {
    private final HubClient client;
    private final List<Request> sends;
    private final Path database;
    private long stored;

    Filled(HubClient client, List<Request> sends, Path database, long stored) {
      this.client = client;
      this.sends = sends;
      this.database = database;
      this.stored = stored;
    }

    void send(int count) throws Exception {
      Sends.fixed(client, sends, count);
      stored += count;
    }

    /** Pages in use (the WAL's included, as a reader sees them) times the page size. */
    double bytesPerMessage() throws SQLException {
      try (Connection c = DriverManager.getConnection("jdbc:sqlite:file:" + database + "?mode=ro");
          Statement s = c.createStatement()) {
        long pages = single(s, "PRAGMA page_count");
        long free = single(s, "PRAGMA freelist_count");
        long size = single(s, "PRAGMA page_size");
        return (double) (pages - free) * size / stored;
      }
    }

    private static long single(Statement s, String sql) throws SQLException {
      try (ResultSet r = s.executeQuery(sql)) {
        r.next();
        return r.getLong(1);
      }
    }
  }

  private static String label(List<Integer> sizes) {
    return String.join(
        ", ", sizes.stream().map(n -> String.format(java.util.Locale.ROOT, "%,d", n)).toList());
  }
}
