package io.kxm.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HubHttpTest {
  final WireServer wire;

  HubHttpTest() throws Exception {
    wire = new WireServer().json("GET", "/v1/whoami", 200, "{\"principal\":\"project\"}");
  }

  @AfterEach
  void stop() {
    wire.close();
  }

  /** The client's selector threads: a JVM exits only after such a thread leaves native code. */
  private static Set<Thread> selectors() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().contains("SelectorManager") && t.isAlive())
        .collect(Collectors.toSet());
  }

  @Test
  void closing_the_client_stops_its_selector_thread() {
    Set<Thread> before = selectors();
    HubHttp http = new HubHttp(wire.base(), "kxm_project_tok");
    http.get("/v1/whoami", Map.of(), HubHttp.CALL_TIMEOUT);
    Set<Thread> opened = selectors();
    opened.removeAll(before);

    http.close();

    assertThat(opened).isNotEmpty();
    assertThat(opened).noneMatch(Thread::isAlive);
  }
}
