package io.kxm.hub.a2a;

import io.javalin.http.Context;
import io.kxm.core.Version;
import io.kxm.core.agent.Agent;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.auth.ProjectNames;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRequest;
import io.kxm.hub.messaging.MessagingFeature;
import io.kxm.hub.stream.Cursor;
import io.kxm.hub.stream.JettySseSink;
import io.kxm.store.Store;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * Every exposed hub agent as an A2A agent: its card at {@code
 * /a2a/{project}/{agent}/.well-known/agent-card.json} and its JSON-RPC endpoint at {@code
 * /a2a/{project}/{agent}}, both behind the project's token. A card asked for with {@code
 * A2A-Version: 1.0} is written for 1.0 and names both versions' interfaces; without the header it
 * is written for 0.3, as a 0.3 client expects.
 */
public final class A2aFeature implements HubFeature {
  static final String ENDPOINT = "/a2a/{project}/{agent}";
  static final String CARD = ENDPOINT + "/.well-known/agent-card.json";
  static final String VERSION_HEADER = "A2A-Version";

  private final Store store;
  private final A2aSettings settings;
  private final A2aTasks tasks;
  private final A2aRpc rpc;
  private final Set<JettySseSink> streams = ConcurrentHashMap.newKeySet();

  public A2aFeature(Store store, MessagingFeature messaging, A2aSettings settings) {
    this.store = store;
    this.settings = settings;
    this.tasks = new A2aTasks(messaging);
    this.rpc = new A2aRpc(tasks);
  }

  @Override
  public void install(HubContext hub) {
    hub.routes()
        .get(CARD, Access.AUTHENTICATED, this::card)
        .post(ENDPOINT, Access.AUTHENTICATED, this::call);
    // An open task stream would hold the drain until its grace period ends.
    hub.drain().onDrain(() -> streams.forEach(JettySseSink::abort));
  }

  private void card(Context ctx) {
    Agent agent = exposed(ctx);
    A2aWire wire = cardWire(ctx.header(VERSION_HEADER));
    String url =
        ctx.url().substring(0, ctx.url().length() - "/.well-known/agent-card.json".length());
    ctx.json(wire.card(AgentCards.facts(agent, url, Version.current())));
  }

  private void call(Context ctx) throws IOException {
    Agent agent = exposed(ctx);
    JsonNode body = HubRequest.jsonBody(ctx).orElse(null);
    try {
      A2aRpc.Call call = rpc.read(body, ctx.header(VERSION_HEADER));
      if (call.streams()) {
        stream(ctx, agent, call);
      } else {
        ctx.json(rpc.answer(call, agent));
      }
    } catch (A2aError e) {
      // a refusal before any event is sent is a plain JSON-RPC error, as for any other method
      ctx.json(A2aRpc.error(A2aRpc.idOf(body), e));
    }
  }

  /**
   * A task's events as SSE, each with its stage as the event id. {@code Last-Event-ID} resumes
   * after that stage; the stream ends after the final state.
   */
  private void stream(Context ctx, Agent agent, A2aRpc.Call call) throws IOException {
    long cursor = Cursor.parse(ctx.header("Last-Event-ID"), null);
    A2aTask task = rpc.open(call, agent);
    JettySseSink sink = JettySseSink.start(ctx);
    streams.add(sink);
    try {
      if (cursor == 0) {
        sink.event(task.stage(), rpc.result(call, call.wire().streamStart(task)));
        cursor = task.stage();
      }
      while (true) {
        for (int stage : task.stagesAfter(cursor)) {
          sink.event(stage, rpc.result(call, call.wire().streamUpdate(task, stage)));
          cursor = stage;
        }
        if (task.state().isFinal()) {
          sink.flush();
          return;
        }
        // a comment per check, so that a client that went away is noticed by the failed write
        sink.comment("waiting");
        sink.flush();
        task = tasks.await(agent.project(), task.id(), A2aTasks.STREAM_CHECK);
      }
    } finally {
      streams.remove(sink);
    }
  }

  /** The agent in the path, when the token may act for its project and the agent is exposed. */
  private Agent exposed(Context ctx) {
    String project = ProjectNames.require(ctx.pathParam("project"));
    String name = ctx.pathParam("agent");
    if (HubRequest.requirePrincipal(ctx) instanceof Principal.Project own
        && !own.name().equals(project)) {
      throw new KxmException(
          ErrorCode.PROJECT_FORBIDDEN,
          "the token of project '" + own.name() + "' cannot reach agents of '" + project + "'");
    }
    if (!settings.exposes(project, name)) {
      throw new KxmException(
          ErrorCode.A2A_NOT_EXPOSED,
          "agent '" + name + "' of project '" + project + "' is not exposed over A2A");
    }
    return store
        .agents()
        .findByName(project, name)
        .orElseThrow(() ->
            new KxmException(
                ErrorCode.TARGET_NOT_FOUND,
                "no agent '" + name + "' is registered in project '" + project + "'"));
  }

  /** 1.0 when the client says so, 0.3 when it says nothing, as the 1.0 specification asks. */
  private static A2aWire cardWire(String version) {
    try {
      A2aWire asked = A2aRpc.versionOf(version);
      return asked == null ? WireV03.INSTANCE : asked;
    } catch (A2aError e) {
      throw new KxmException(ErrorCode.A2A_VERSION_UNSUPPORTED, e.getMessage());
    }
  }
}
