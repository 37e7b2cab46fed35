package io.kxm.bench;

import io.kxm.bench.baseline.BareCommandTurns;
import io.kxm.bench.baseline.BareConsolePage;
import io.kxm.bench.baseline.BareHttpLatency;
import io.kxm.bench.baseline.BareModelStream;
import io.kxm.bench.baseline.BarePost;
import io.kxm.bench.baseline.BareSseBroadcast;
import io.kxm.bench.baseline.BareSseIdle;
import io.kxm.bench.baseline.JavaVersion;
import io.kxm.bench.baseline.NatsOrderedReplay;
import io.kxm.bench.baseline.NatsPublish;
import io.kxm.bench.baseline.PostgresBatchInsert;
import io.kxm.bench.baseline.PostgresCommits;
import io.kxm.bench.baseline.PostgresSessionRangeRead;
import io.kxm.bench.baseline.RedisXadd;
import io.kxm.bench.baseline.SessionStoreRangeRead;
import io.kxm.bench.baseline.SqliteBatchInsert;
import io.kxm.bench.baseline.SqliteCommits;
import io.kxm.bench.baseline.SqliteFtsQuery;
import io.kxm.bench.baseline.SqliteRangeRead;
import io.kxm.bench.product.A2aSendScenario;
import io.kxm.bench.product.BuiltinTurnScenario;
import io.kxm.bench.product.CliStartScenario;
import io.kxm.bench.product.ConsoleScenario;
import io.kxm.bench.product.ContextRecallScenario;
import io.kxm.bench.product.DurableSendScenario;
import io.kxm.bench.product.ExchangeScenario;
import io.kxm.bench.product.FanOutScenario;
import io.kxm.bench.product.HubSource;
import io.kxm.bench.product.IdleHubScenario;
import io.kxm.bench.product.IdleStreamsScenario;
import io.kxm.bench.product.LiveDriveScenario;
import io.kxm.bench.product.McpPushScenario;
import io.kxm.bench.product.McpStatelessSendScenario;
import io.kxm.bench.product.ReplayScenario;
import io.kxm.bench.product.ReserveScenario;
import io.kxm.bench.product.RunEventAppendScenario;
import io.kxm.bench.product.SendCurveScenario;
import io.kxm.bench.product.SendGrowthScenario;
import io.kxm.bench.product.ServerStartScenario;
import io.kxm.bench.product.SessionDeliveryScenario;
import io.kxm.bench.product.SessionReplayScenario;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Every baseline and every product scenario the suite runs, in table order. */
public final class Registry {
  private Registry() {}

  /** A baseline under its key: scenarios name it in their comparisons, {@code --only} takes it. */
  public record Entry(String name, Supplier<Measure> factory) {}

  public static List<Entry> baselines() {
    return List.of(
        new Entry("sqlite-commits", SqliteCommits::new),
        new Entry("postgres-commits", PostgresCommits::new),
        new Entry("bare-post", BarePost::new),
        new Entry("nats-publish", NatsPublish::new),
        new Entry("redis-xadd", RedisXadd::new),
        new Entry("bare-http-latency", BareHttpLatency::new),
        new Entry("bare-sse-broadcast", BareSseBroadcast::new),
        new Entry("bare-sse-idle", BareSseIdle::new),
        new Entry("sqlite-range-read", SqliteRangeRead::new),
        new Entry("nats-ordered-replay", NatsOrderedReplay::new),
        new Entry("sqlite-batch-insert", SqliteBatchInsert::new),
        new Entry("postgres-batch-insert", PostgresBatchInsert::new),
        new Entry("session-store-range-read", SessionStoreRangeRead::new),
        new Entry("postgres-session-range-read", PostgresSessionRangeRead::new),
        new Entry("bare-model-stream", BareModelStream::new),
        new Entry("bare-command-turns", BareCommandTurns::new),
        new Entry("sqlite-fts-query", SqliteFtsQuery::new),
        new Entry("bare-console-page", BareConsolePage::new),
        new Entry("java-version", JavaVersion::new));
  }

  /** Subscribers of the fan-out curve; the last is the baseline's own count. */
  private static final List<Integer> FAN_OUT = List.of(10, 100, 1_000);

  /** Backlogs of the replay curve, full and quick; the last are the baselines' own. */
  private static final List<Integer> BACKLOG = List.of(1_000, 10_000, 100_000);

  private static final List<Integer> BACKLOG_QUICK = List.of(200, 1_000, 5_000);

  /** Product scenarios, each measured against its baselines in the same run. */
  public static List<Scenario> scenarios() {
    return List.of(
        new DurableSendScenario(),
        new DurableSendScenario(HubSource.POSTGRES),
        new SendCurveScenario(HubSource.SQLITE),
        new SendCurveScenario(HubSource.POSTGRES),
        new SendGrowthScenario(),
        new ReserveScenario(),
        new A2aSendScenario(),
        new McpStatelessSendScenario(),
        new RunEventAppendScenario(),
        new RunEventAppendScenario(true),
        new LiveDriveScenario(),
        new SessionDeliveryScenario(),
        new SessionReplayScenario(),
        new SessionReplayScenario(true),
        new BuiltinTurnScenario(),
        new ContextRecallScenario(),
        ExchangeScenario.sendToSse(HubSource.SQLITE),
        ExchangeScenario.sendToOps(HubSource.SQLITE),
        new McpPushScenario(),
        ExchangeScenario.roundTrip(HubSource.SQLITE),
        new FanOutScenario(HubSource.SQLITE, FAN_OUT.get(0)),
        new FanOutScenario(HubSource.SQLITE, FAN_OUT.get(1)),
        new FanOutScenario(),
        new IdleStreamsScenario(),
        new ConsoleScenario(),
        new ReplayScenario(HubSource.SQLITE, BACKLOG_QUICK.get(0), BACKLOG.get(0)),
        new ReplayScenario(HubSource.SQLITE, BACKLOG_QUICK.get(1), BACKLOG.get(1)),
        new ReplayScenario(),
        new IdleHubScenario(),
        new CliStartScenario(),
        new ServerStartScenario());
  }

  /** How cost grows: charts drawn from the figures of the scenarios above. */
  public static List<Curve> curves() {
    List<Curve.Point> sqliteRate = new ArrayList<>();
    List<Curve.Point> postgresRate = new ArrayList<>();
    List<Curve.Point> sqliteP99 = new ArrayList<>();
    List<Curve.Point> postgresP99 = new ArrayList<>();
    for (int n : SendCurveScenario.AGENTS) {
      String sqlite = new SendCurveScenario(HubSource.SQLITE).name();
      String postgres = new SendCurveScenario(HubSource.POSTGRES).name();
      sqliteRate.add(Curve.Point.at(n, sqlite, SendCurveScenario.rate(n)));
      postgresRate.add(Curve.Point.at(n, postgres, SendCurveScenario.rate(n)));
      sqliteP99.add(Curve.Point.at(n, sqlite, SendCurveScenario.p99(n)));
      postgresP99.add(Curve.Point.at(n, postgres, SendCurveScenario.p99(n)));
    }
    List<Curve.Point> storedRate = new ArrayList<>();
    List<Curve.Point> storedBytes = new ArrayList<>();
    String growth = new SendGrowthScenario().name();
    for (int i = 0; i < SendGrowthScenario.STORED.size(); i++) {
      double full = SendGrowthScenario.STORED.get(i);
      double quick = SendGrowthScenario.QUICK_STORED.get(i);
      storedRate.add(new Curve.Point(full, quick, growth, SendGrowthScenario.rate(i)));
      storedBytes.add(new Curve.Point(full, quick, growth, SendGrowthScenario.bytes(i)));
    }
    List<Curve.Point> fanOut = new ArrayList<>();
    for (int n : FAN_OUT) {
      fanOut.add(Curve.Point.at(n, new FanOutScenario(HubSource.SQLITE, n).name(), "events/s"));
    }
    List<Curve.Point> idle = new ArrayList<>();
    List<Curve.Point> replay = new ArrayList<>();
    for (int i = 0; i < IdleStreamsScenario.STEPS.size(); i++) {
      idle.add(
          new Curve.Point(
              IdleStreamsScenario.STEPS.get(i),
              IdleStreamsScenario.QUICK_STEPS.get(i),
              new IdleStreamsScenario().name(),
              IdleStreamsScenario.perStream(i)));
    }
    for (int i = 0; i < BACKLOG.size(); i++) {
      String replayName =
          i == BACKLOG.size() - 1
              ? new ReplayScenario().name()
              : new ReplayScenario(HubSource.SQLITE, BACKLOG_QUICK.get(i), BACKLOG.get(i)).name();
      replay.add(new Curve.Point(BACKLOG.get(i), BACKLOG_QUICK.get(i), replayName, "events/s"));
    }
    return List.of(
        new Curve(
            "send-by-agents",
            "Durable send throughput by concurrent agents",
            "concurrent agents, each waiting for its 201",
            "msgs/s",
            List.of(
                new Curve.Series("SQLite", sqliteRate),
                new Curve.Series("PostgreSQL", postgresRate))),
        new Curve(
            "send-p99-by-agents",
            "Durable send p99 by concurrent agents",
            "concurrent agents, each waiting for its 201",
            "p99 ms",
            List.of(
                new Curve.Series("SQLite", sqliteP99),
                new Curve.Series("PostgreSQL", postgresP99))),
        new Curve(
            "send-by-stored",
            "Durable send throughput by messages already stored",
            "messages stored before the first repetition",
            "msgs/s",
            List.of(new Curve.Series("SQLite, 16 agents", storedRate))),
        new Curve(
            "bytes-by-stored",
            "Store size per message",
            "messages stored",
            "bytes per message",
            List.of(new Curve.Series("SQLite", storedBytes))),
        new Curve(
            "fan-out-by-subscribers",
            "Events delivered per second by SSE subscribers of one stream",
            "subscribers following one agent's stream",
            "events/s delivered",
            List.of(new Curve.Series("SQLite", fanOut))),
        new Curve(
            "rss-by-idle-streams",
            "Hub memory per idle event stream",
            "idle streams held",
            "KiB of RSS per stream",
            List.of(new Curve.Series("SQLite", idle))),
        new Curve(
            "replay-by-backlog",
            "Replay rate by backlog size",
            "events in the backlog",
            "events/s",
            List.of(new Curve.Series("SQLite", replay))));
  }
}
