package io.kxm.runtime.hub;

import io.kxm.client.AgentCredentials;
import io.kxm.client.AgentLeases;
import io.kxm.client.AgentSpec;
import io.kxm.client.HttpPeerOperations;
import io.kxm.client.HubAgents;
import io.kxm.client.HubHttp;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.SecureFiles;
import io.kxm.runtime.sync.HubBinding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One project's runtime as an agent of the hub it is bound to: the agent that holds the project's
 * fenced leases and sends its hand-offs. It registers on first need with the binding's project
 * token under a name of its own ({@code kxm-runtime-} and the start of the project key), keeps its
 * agent ID and key owner-only in {@code hub-agent.json} beside {@code hub-binding.json}, and reuses
 * them; a key the hub no longer knows (another registration rotated it) is replaced by registering
 * again. The key is never logged. Thread-safe.
 */
public final class RuntimeAgent implements AutoCloseable {
  public static final String FILE = "hub-agent.json";
  static final String BINDING_FILE = "hub-binding.json";

  private final HubBinding binding;
  private final Path file;
  private final String name;
  private final Clock clock;
  private final HubHttp http;
  private AgentCredentials credentials;

  private RuntimeAgent(HubBinding binding, Path folder, Clock clock) {
    this.binding = binding;
    this.file = folder.resolve(FILE);
    this.name = "kxm-runtime-" + folder.getFileName().toString().substring(0, 12);
    this.clock = clock;
    this.http = new HubHttp(binding.url(), binding.token());
  }

  /**
   * The runtime agent of the project whose runtime folder (beside its event store) is {@code
   * folder}; empty while the project is not bound to a hub.
   */
  public static Optional<RuntimeAgent> of(Path folder, Clock clock) {
    return HubBinding.load(folder.resolve(BINDING_FILE))
        .map(binding -> new RuntimeAgent(binding, folder, clock));
  }

  public HubBinding binding() {
    return binding;
  }

  /** The agent's name on the hub. */
  public String name() {
    return name;
  }

  /** The agent's ID on the hub, registering it first when needed. */
  public String agentId() {
    return credentials().agentId();
  }

  /** Runs {@code call} with this agent's leases. */
  public <T> T leases(Function<AgentLeases, T> call) {
    return withKey(c -> call.apply(new AgentLeases(http, c)));
  }

  /** Runs {@code call} with this agent's peer port (requests to other agents, their replies). */
  public <T> T peers(Function<HttpPeerOperations, T> call) {
    return withKey(c -> call.apply(new HttpPeerOperations(http, c, clock)));
  }

  @Override
  public void close() {
    http.close();
  }

  private <T> T withKey(Function<AgentCredentials, T> call) {
    AgentCredentials used = credentials();
    try {
      return call.apply(used);
    } catch (KxmException e) {
      if (e.code() != ErrorCode.AGENT_KEY_INVALID) {
        throw e;
      }
      return call.apply(register(used));
    }
  }

  private synchronized AgentCredentials credentials() {
    if (credentials == null) {
      credentials = stored().orElseGet(() -> register(null));
    }
    return credentials;
  }

  /** Registers again unless another thread already replaced {@code stale}. */
  private synchronized AgentCredentials register(AgentCredentials stale) {
    if (credentials != null && credentials != stale) {
      return credentials;
    }
    AgentCredentials fresh =
        HubAgents.register(
            http,
            binding.project(),
            new AgentSpec(name, "runs this project's workflows: leases and hand-offs", null, null));
    ObjectNode node = Json.object();
    node.put("hub", binding.url().toString());
    node.put("project", binding.project());
    node.put("agentId", fresh.agentId());
    node.put("name", fresh.name());
    node.put("agentKey", fresh.agentKey());
    SecureFiles.writeOwnerOnly(file, Json.writeBytes(node));
    credentials = fresh;
    return fresh;
  }

  /** The stored identity, when it was made for this binding's hub and project. */
  private Optional<AgentCredentials> stored() {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      JsonNode node = Json.read(Files.readString(file));
      if (!binding.url().toString().equals(node.path("hub").asString(""))
          || !binding.project().equals(node.path("project").asString(""))
          || !node.path("agentId").isString()
          || !node.path("agentKey").isString()) {
        return Optional.empty();
      }
      return Optional.of(
          new AgentCredentials(
              node.path("agentId").asString(),
              node.path("agentKey").asString(),
              node.path("name").asString(name),
              binding.project(),
              Duration.ofSeconds(60),
              null));
    } catch (IOException | RuntimeException e) {
      // A damaged file only costs a new registration; the hub keeps the agent under its name.
      return Optional.empty();
    }
  }
}
