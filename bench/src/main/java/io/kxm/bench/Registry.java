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
import io.kxm.bench.product.ReplayScenario;
import io.kxm.bench.product.RunEventAppendScenario;
import io.kxm.bench.product.SessionDeliveryScenario;
import io.kxm.bench.product.SessionReplayScenario;
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

  /** Product scenarios, each measured against its baselines in the same run. */
  public static List<Scenario> scenarios() {
    return List.of(
        new DurableSendScenario(),
        new DurableSendScenario(HubSource.POSTGRES),
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
        new FanOutScenario(),
        new IdleStreamsScenario(),
        new ConsoleScenario(),
        new ReplayScenario(),
        new IdleHubScenario(),
        new CliStartScenario());
  }
}
