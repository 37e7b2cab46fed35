package io.kxm.bench.fault;

import static io.kxm.bench.fault.Wire.count;

import io.kxm.bench.Log;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fault 5: the SQLite store lives on an 8 MiB tmpfs that large requests fill. Writes must then be
 * refused with {@code store_full} while reads keep working; once a ballast file is deleted, writes
 * must resume by themselves, and the file must pass {@code PRAGMA integrity_check} and still hold
 * every acknowledged request after a restart.
 */
final class DiskFullFault implements Fault {
  private static final int DISK_MIB = 8;

  /**
   * What is freed once the disk is full. The store needs room beyond one write to resume: with 1.5
   * MiB freed, one small write got through and the next was refused again (likely the first commit
   * after the disk filled checkpoints the write-ahead log into the database file, which grows while
   * the log keeps its size); with 3 MiB, every write after it succeeds.
   */
  private static final int BALLAST_BYTES = 3072 * 1024;

  private static final String BIG = "x".repeat(30_000);

  @Override
  public int number() {
    return 5;
  }

  @Override
  public String title() {
    return "store on a small tmpfs that fills up, then space is freed";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    SmallDisk disk = stage.keep(SmallDisk.mount(stage.dir().resolve("disk"), DISK_MIB));
    Path ballast = disk.path().resolve("ballast");
    Files.write(ballast, new byte[BALLAST_BYTES]);
    Path db = disk.path().resolve("kxm.db");
    Path dir = stage.newDir("hub-");
    String token = HubProcess.newToken();
    Map<String, String> env = Map.of("KXM_DATA_PATH", db.toString());
    HubProcess hub = stage.keep(HubProcess.start(dir, token, env));
    Agent sender = Agents.register(hub, "sender");
    Agent sink = Agents.register(hub, "sink");
    findings.note(
        "store on a real "
            + DISK_MIB
            + " MiB tmpfs ("
            + count(disk.free() / 1024)
            + " KiB free after a "
            + BALLAST_BYTES / 1024
            + " KiB ballast file and the new store)");

    List<String> acked = new ArrayList<>();
    Set<String> refusals = new LinkedHashSet<>();
    try (HttpConnection c = HttpConnection.open(hub.base())) {
      // Fill: large requests until the first refusal.
      int n = 0;
      String firstRefusal = null;
      while (firstRefusal == null && n < 2_000) {
        HttpResponse r = c.send(Wire.send(hub, sender, "sink", n++ + BIG));
        if (r.status() == 201) {
          acked.add(Wire.messageId(r));
        } else {
          firstRefusal = Wire.refusal(r);
        }
      }
      Log.info("disk full after " + acked.size() + " requests: " + firstRefusal);
      // While full: every further write refused the same way; small ones too.
      int refusedWhileFull = 0;
      for (int i = 0; i < 20; i++) {
        String content = i % 2 == 0 ? "small-" + i : i + BIG;
        HttpResponse r = c.send(Wire.send(hub, sender, "sink", content));
        if (r.status() != 201) {
          refusedWhileFull++;
          refusals.add(Wire.refusal(r));
        } else {
          acked.add(Wire.messageId(r)); // a small one may still fit in a free page
        }
      }
      findings.check(
          firstRefusal != null && firstRefusal.equals("507 store_full"),
          "full after "
              + count(acked.size())
              + " acknowledged requests of 30,000 characters; first refusal: "
              + firstRefusal
              + "; while full "
              + refusedWhileFull
              + " of 20 more refused with "
              + refusals);
      refusals.add(firstRefusal);

      // Reads keep working while full.
      int readOk = 0;
      for (String id : acked.subList(0, Math.min(50, acked.size()))) {
        readOk += c.send(Wire.getMessage(hub, sink, id)).status() == 200 ? 1 : 0;
      }
      boolean replayed;
      try (Follower follower = Follower.follow(() -> hub, sink)) {
        replayed = follower.awaitAll(acked, Duration.ofSeconds(30));
      }
      findings.check(
          readOk == Math.min(50, acked.size()) && replayed,
          "reads while full: "
              + readOk
              + " of "
              + Math.min(50, acked.size())
              + " requests read back, event stream replayed all "
              + count(acked.size())
              + ": "
              + (replayed ? "yes" : "no"));

      // Free space: the next writes must succeed without a restart.
      Files.delete(ballast);
      long freedAt = System.nanoTime();
      int attempts = 0;
      int resumedOk = 0;
      while (attempts < 200 && resumedOk < 20) {
        attempts++;
        HttpResponse r = c.send(Wire.send(hub, sender, "sink", "after-" + attempts));
        if (r.status() == 201) {
          acked.add(Wire.messageId(r));
          resumedOk++;
        } else if (resumedOk > 0) {
          break; // refused again after it had resumed: counted as a failure below
        } else {
          Thread.sleep(100); // give the store a moment; it must recover by itself
        }
      }
      findings.check(
          resumedOk == 20,
          String.format(
              "after freeing %d KiB: writes resumed, %d of 20 accepted in %d attempts, %.1f s",
              BALLAST_BYTES / 1024, resumedOk, attempts, (System.nanoTime() - freedAt) / 1e9));
    }

    hub.close();
    String integrity = integrityCheck(db);
    findings.check("ok".equals(integrity), "PRAGMA integrity_check: " + integrity);
    HubProcess again = stage.keep(HubProcess.start(dir, token, env));
    long present = Agents.present(again, sink, acked);
    findings.check(
        present == acked.size(),
        "after a restart on the same file: acknowledged "
            + count(acked.size())
            + ", present "
            + count(present));
  }

  private static String integrityCheck(Path db) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
      List<String> lines = new ArrayList<>();
      while (rs.next()) {
        lines.add(rs.getString(1));
      }
      return String.join("; ", lines);
    }
  }
}
