package io.kxm.bench.fault;

import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.client.Request;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubEndpoint;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The few hub requests the fault runs make, and how their answers are read. */
final class Wire {
  private static final JsonMapper JSON = JsonMapper.shared();

  private Wire() {}

  static Map<String, String> agentHeaders(HubEndpoint hub, Agent agent) {
    Map<String, String> h = new LinkedHashMap<>();
    h.put("Authorization", "Bearer " + hub.projectToken());
    h.put("X-KXM-Agent-Key", agent.key());
    return h;
  }

  /** A send to {@code target} that queues even while the recipient has no stream open. */
  static Request send(HubEndpoint hub, Agent from, String target, String content) {
    ObjectNode body =
        JSON.createObjectNode()
            .put("target", target)
            .put("content", content)
            .put("allowOffline", true);
    return Request.postJson(
        hub.base(),
        "/v1/agents/" + from.id() + "/messages",
        agentHeaders(hub, from),
        body.toString());
  }

  static Request getMessage(HubEndpoint hub, Agent caller, String messageId) {
    return Request.get(
        hub.base(),
        "/v1/agents/" + caller.id() + "/messages/" + messageId,
        agentHeaders(hub, caller));
  }

  static String messageId(HttpResponse created) {
    return JSON.readTree(created.text()).path("messageId").asString("");
  }

  /** {@code "503 store_unavailable"}, or the status alone when the body carries no error code. */
  static String refusal(HttpResponse r) {
    String code;
    try {
      code = JSON.readTree(r.text()).path("error").path("code").asString("");
    } catch (RuntimeException notJson) {
      code = "";
    }
    return code.isEmpty() ? r.status() + " without an error code" : r.status() + " " + code;
  }

  static JsonNode read(String json) {
    return JSON.readTree(json);
  }

  static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }
}
