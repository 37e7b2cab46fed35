package io.kxm.runtime.instance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.store.PostgresLocation;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import io.kxm.testkit.SettableClock;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The leases of runtime instances sharing one PostgreSQL database, each handle as one instance. */
class PostgresInstanceLeasesTest {
  private static final Duration TTL = Duration.ofSeconds(15);
  private final SettableClock clock = SettableClock.atEpochSecond(1_900_000_000);
  private PostgresSchema schema;
  private final List<PostgresInstanceLeases> opened = new ArrayList<>();

  @BeforeEach
  void freshSchema() {
    schema = PostgresSchema.create("inst");
  }

  @AfterEach
  void drop() throws SQLException {
    opened.forEach(PostgresInstanceLeases::close);
    if (schema != null) {
      schema.close(); // drops <name>_instances with it
    }
  }

  /** A handle of its own, as another instance on another machine would have. */
  private PostgresInstanceLeases handle() {
    RuntimeDatabase runtime =
        new RuntimeDatabase(
            Optional.of(new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, null)),
            schema.name(),
            2);
    PostgresInstanceLeases leases = PostgresInstanceLeases.open(runtime, clock);
    opened.add(leases);
    return leases;
  }

  private Instant now() {
    return clock.instant();
  }

  @Test
  void a_joined_instance_is_live_until_its_lease_lapses_and_renewing_keeps_it() {
    InstanceLeases a = handle();
    RuntimeInstance joined = a.join("rt_a", "http://10.0.0.1:7400", "box-a", 41, now(), TTL);
    assertThat(joined.holdsAt(now())).isTrue();
    assertThat(handle().live(now())).extracting(RuntimeInstance::id).containsExactly("rt_a");

    a.announce("rt_a", "http://10.0.0.1:7401");
    assertThat(handle().instance("rt_a").orElseThrow().url()).isEqualTo("http://10.0.0.1:7401");
    clock.tick(Duration.ofSeconds(10));
    assertThat(a.renew("rt_a", now(), TTL)).isTrue();
    clock.tick(Duration.ofSeconds(10));
    assertThat(a.live(now())).extracting(RuntimeInstance::id).containsExactly("rt_a");
    clock.tick(Duration.ofSeconds(6));
    assertThat(a.live(now())).isEmpty();
  }

  @Test
  void a_lapsed_instance_is_claimed_by_one_survivor_and_can_no_longer_renew() {
    InstanceLeases a = handle();
    InstanceLeases b = handle();
    InstanceLeases c = handle();
    a.join("rt_a", "http://a", "box-a", 1, now(), TTL);
    b.join("rt_b", "http://b", "box-b", 2, now(), TTL);
    c.join("rt_c", "http://c", "box-c", 3, now(), TTL);

    clock.tick(Duration.ofSeconds(10));
    assertThat(b.claimLapsed("rt_b", now())).as("nobody lapsed yet").isEmpty();
    b.renew("rt_b", now(), TTL);
    c.renew("rt_c", now(), TTL);
    clock.tick(Duration.ofSeconds(6)); // a stopped renewing 16 s ago

    List<RuntimeInstance> byB = b.claimLapsed("rt_b", now());
    List<RuntimeInstance> byC = c.claimLapsed("rt_c", now());
    assertThat(byB).extracting(RuntimeInstance::id).containsExactly("rt_a");
    assertThat(byC).as("already claimed").isEmpty();
    assertThat(a.renew("rt_a", now(), TTL)).as("fenced").isFalse();
    RuntimeInstance gone = c.instance("rt_a").orElseThrow();
    assertThat(gone.state()).isEqualTo(RuntimeInstance.RECONCILED);
    assertThat(gone.reconciledBy()).contains("rt_b");
    assertThat(c.live(now())).extracting(RuntimeInstance::id).containsExactly("rt_b", "rt_c");
  }

  @Test
  void a_slow_instance_whose_lease_lapsed_unclaimed_may_renew_and_stays_unclaimed() {
    InstanceLeases a = handle();
    InstanceLeases b = handle();
    a.join("rt_a", "http://a", "box-a", 1, now(), TTL);
    b.join("rt_b", "http://b", "box-b", 2, now(), Duration.ofMinutes(5));
    clock.tick(Duration.ofSeconds(20));

    assertThat(a.renew("rt_a", now(), TTL)).isTrue();
    assertThat(b.claimLapsed("rt_b", now())).isEmpty();
  }

  @Test
  void an_instance_without_a_lease_may_not_reconcile_others() {
    InstanceLeases a = handle();
    InstanceLeases b = handle();
    a.join("rt_a", "http://a", "box-a", 1, now(), TTL);
    b.join("rt_b", "http://b", "box-b", 2, now(), TTL);
    clock.tick(Duration.ofSeconds(16));

    assertThatThrownBy(() -> b.claimLapsed("rt_b", now()))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INSTANCE_LEASE_LOST));
    assertThat(a.instance("rt_a").orElseThrow().state()).isEqualTo(RuntimeInstance.LIVE);
  }

  @Test
  void a_clean_leave_is_never_claimed_and_an_id_joins_once() {
    InstanceLeases a = handle();
    InstanceLeases b = handle();
    a.join("rt_a", "http://a", "box-a", 1, now(), TTL);
    b.join("rt_b", "http://b", "box-b", 2, now(), Duration.ofMinutes(5));
    a.leave("rt_a", now());
    clock.tick(Duration.ofSeconds(30));

    assertThat(b.claimLapsed("rt_b", now())).isEmpty();
    assertThat(b.instance("rt_a").orElseThrow().state()).isEqualTo(RuntimeInstance.LEFT);
    assertThatThrownBy(() -> a.join("rt_a", "http://a", "box-a", 1, now(), TTL))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_CONFLICT));
  }

  @Test
  void survivors_claiming_at_once_each_get_a_lapsed_instance_exactly_once() throws Exception {
    InstanceLeases dead = handle();
    for (int i = 0; i < 8; i++) {
      dead.join("rt_dead_" + i, "http://d" + i, "box-d", i, now(), TTL);
    }
    List<InstanceLeases> survivors = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      InstanceLeases s = handle();
      s.join("rt_s" + i, "http://s" + i, "box-s", 100 + i, now(), Duration.ofMinutes(5));
      survivors.add(s);
    }
    clock.tick(Duration.ofSeconds(16));
    CountDownLatch go = new CountDownLatch(1);
    List<String> claimed = Collections.synchronizedList(new ArrayList<>());
    try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        InstanceLeases s = survivors.get(i);
        String id = "rt_s" + i;
        done.add(
            pool.submit(() -> {
              go.await();
              s.claimLapsed(id, now()).forEach(r -> claimed.add(r.id()));
              return null;
            }));
      }
      go.countDown();
      for (Future<?> f : done) {
        f.get();
      }
    }
    assertThat(claimed).hasSize(8).doesNotHaveDuplicates();
  }
}
