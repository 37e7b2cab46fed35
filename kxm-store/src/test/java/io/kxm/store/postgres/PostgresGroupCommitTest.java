package io.kxm.store.postgres;

import static io.kxm.testkit.AgentRegistrationBuilder.anAgent;
import static io.kxm.testkit.NewMessageBuilder.aRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.stream.StreamEvent;
import io.kxm.store.Backends;
import io.kxm.store.PostgresLocation;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Group commit on PostgreSQL with two hub nodes on one schema: concurrent sends to one recipient
 * from both share transactions, keep the recipient's stream sequence gap-free, and every send a
 * node acknowledged is stored once even when that node is killed with -9 mid-load.
 */
class PostgresGroupCommitTest {
  private PostgresSchema schema;
  private final List<Store> stores = new ArrayList<>();
  private String project;
  private String alice;
  private String bob;

  @BeforeEach
  void twoNodes() {
    schema = PostgresSchema.create("group");
    for (int node = 0; node < 2; node++) {
      stores.add(Backends.postgres(schema, Clock.systemUTC()));
    }
    project = "p-group";
    alice = register(stores.getFirst(), "alice");
    bob = register(stores.getFirst(), "bob");
  }

  @AfterEach
  void close() throws Exception {
    stores.forEach(Store::close);
    schema.close();
  }

  private String register(Store store, String name) {
    return store.agents().register(anAgent(name).inProject(project).build()).agent().id();
  }

  /** What the hub does for one send: the message and the recipient's event, in one write. */
  static String send(Store store, String project, String from, String to) {
    return store.write(tx -> {
      String id =
          tx.messages()
              .insert(aRequest().inProject(project).from(from).to(to).build())
              .message()
              .id();
      tx.agentEvents().append(to, "message.queued", "{\"id\":\"" + id + "\"}");
      return id;
    });
  }

  @Test
  void concurrent_sends_to_one_recipient_from_two_nodes_share_commits_and_keep_seqs_gap_free()
      throws Exception {
    int threads = 16;
    int each = 40;
    long commitsBefore = stores.stream().mapToLong(s -> s.poolStats().commits()).sum();
    CyclicBarrier start = new CyclicBarrier(threads);
    List<String> acked;
    try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
      List<Future<List<String>>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Store node = stores.get(t % 2);
        futures.add(
            pool.submit(() -> {
              start.await();
              List<String> ids = new ArrayList<>();
              for (int i = 0; i < each; i++) {
                ids.add(send(node, project, alice, bob));
              }
              return ids;
            }));
      }
      acked = new ArrayList<>();
      for (Future<List<String>> f : futures) {
        acked.addAll(f.get());
      }
    }

    List<StreamEvent> events = stores.get(1).agentEvents().readAfter(bob, 0, 10_000);
    assertThat(events)
        .extracting(StreamEvent::seq)
        .containsExactlyElementsOf(LongStream.rangeClosed(1, threads * each).boxed().toList());
    assertThat(new HashSet<>(acked)).hasSize(threads * each);
    Set<String> announced = new HashSet<>();
    events.forEach(e -> announced.add(e.data().replaceAll(".*\"id\":\"([^\"]+)\".*", "$1")));
    assertThat(announced).isEqualTo(new HashSet<>(acked));
    long commits = stores.stream().mapToLong(s -> s.poolStats().commits()).sum() - commitsBefore;
    assertThat(commits).as("transactions for %d sends", threads * each).isLessThan(threads * each);
  }

  @Test
  void a_write_that_fails_in_a_batch_fails_alone() throws Exception {
    Store node = stores.getFirst();
    int n = 12;
    CyclicBarrier start = new CyclicBarrier(n);
    List<Object> outcomes = new ArrayList<>();
    try (ExecutorService pool = Executors.newFixedThreadPool(n)) {
      List<Future<Object>> futures = new ArrayList<>();
      for (int t = 0; t < n; t++) {
        int index = t;
        futures.add(
            pool.submit(() -> {
              start.await();
              try {
                return node.write(tx -> {
                  String id = send(tx, index);
                  if (index % 3 == 0) {
                    throw new KxmException(ErrorCode.INVALID_REQUEST, "refused on purpose");
                  }
                  return id;
                });
              } catch (KxmException refused) {
                return refused.code();
              }
            }));
      }
      for (Future<Object> f : futures) {
        outcomes.add(f.get());
      }
    }
    assertThat(outcomes).filteredOn(ErrorCode.INVALID_REQUEST::equals).hasSize(n / 3);
    List<StreamEvent> events = node.agentEvents().readAfter(bob, 0, 100);
    assertThat(events).hasSize(n - n / 3);
    assertThat(events)
        .extracting(StreamEvent::seq)
        .containsExactlyElementsOf(LongStream.rangeClosed(1, n - n / 3).boxed().toList());
  }

  private String send(io.kxm.store.Tx tx, int index) {
    String id =
        tx.messages()
            .insert(aRequest().inProject(project).from(alice).to(bob).build())
            .message()
            .id();
    tx.agentEvents().append(bob, "message.queued", "{\"id\":\"" + id + "\",\"i\":" + index + "}");
    return id;
  }

  @Test
  void every_acknowledged_send_is_stored_once_after_either_node_is_killed() throws Exception {
    List<Process> nodes = new ArrayList<>();
    Set<String> acked = ConcurrentHashMap.newKeySet();
    List<Thread> readers = new ArrayList<>();
    try {
      for (int node = 0; node < 2; node++) {
        Process child =
            new ProcessBuilder(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    PostgresSenderProcess.class.getName(),
                    schema.jdbcUrl(),
                    schema.name(),
                    project,
                    alice,
                    bob)
                .redirectErrorStream(true)
                .start();
        nodes.add(child);
        readers.add(
            Thread.ofVirtual()
                .start(() -> {
                  try (BufferedReader out =
                      new BufferedReader(
                          new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                      if (line.startsWith(PostgresSenderProcess.ACKED)) {
                        acked.add(line.substring(PostgresSenderProcess.ACKED.length()));
                      }
                    }
                  } catch (java.io.IOException e) {
                    // the node is gone
                  }
                }));
      }
      await().atMost(java.time.Duration.ofSeconds(60)).until(() -> acked.size() >= 300);
      nodes.getFirst().destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      int atKill = acked.size();
      await().atMost(java.time.Duration.ofSeconds(60)).until(() -> acked.size() >= atKill + 200);
      nodes.get(1).destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      for (Thread reader : readers) {
        reader.join(10_000);
      }
    } finally {
      nodes.forEach(Process::destroyForcibly);
    }

    Store reader = stores.getFirst();
    List<StreamEvent> events = reader.agentEvents().readAfter(bob, 0, 1_000_000);
    List<String> announced = new ArrayList<>();
    events.forEach(e -> announced.add(e.data().replaceAll(".*\"id\":\"([^\"]+)\".*", "$1")));
    assertThat(events)
        .extracting(StreamEvent::seq)
        .containsExactlyElementsOf(LongStream.rangeClosed(1, events.size()).boxed().toList());
    assertThat(new HashSet<>(announced)).as("each stored once").hasSize(announced.size());
    assertThat(announced).containsAll(acked);
    for (String id : acked) {
      assertThat(reader.messages().findById(id)).as(id).isPresent();
    }
  }

  /** A node: sends from alice to bob on the schema in a loop, printing each acknowledged id. */
  public static final class PostgresSenderProcess {
    static final String ACKED = "acked ";

    private PostgresSenderProcess() {}

    public static void main(String[] args) throws Exception {
      Services.requirePostgres();
      StoreConfig config =
          StoreConfig.postgres(new PostgresLocation(args[0], Services.PG_USER, null, args[1]))
              .withPoolSize(4);
      try (Store store = Stores.open(config, Clock.systemUTC());
          ExecutorService senders = Executors.newFixedThreadPool(8)) {
        for (int t = 0; t < 8; t++) {
          senders.submit(() -> {
            while (true) {
              String id = send(store, args[2], args[3], args[4]);
              synchronized (System.out) {
                System.out.println(ACKED + id);
                System.out.flush();
              }
            }
          });
        }
        senders.awaitTermination(10, TimeUnit.MINUTES);
      }
    }
  }
}
