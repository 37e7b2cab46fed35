package io.kxm.hub.console;

import io.javalin.http.Context;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.agents.AgentGuard;
import io.kxm.hub.agents.AgentProfile;
import io.kxm.hub.agents.Registration;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.http.Access;
import io.kxm.hub.http.HubRequest;
import io.kxm.hub.http.JsonBodies;
import io.kxm.store.Store;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The web console: {@code GET /} sends browsers to {@code /console}, which serves the shell to a
 * signed-in browser and the sign-in page otherwise; {@code POST /console/sign-in} checks a token
 * and sets the session cookie; {@code GET /console/session} tells the shell who it is and its CSRF
 * value; {@code POST /console/sign-out} ends the session. Every other call of the console goes to
 * the same {@code /v1} routes the CLI uses, with the cookie as its credential.
 */
public final class ConsoleFeature implements HubFeature {
  private final Store store;
  private final HumanAgents humans;

  /**
   * @param store where agents are checked
   * @param humans registers the operator's human agent when a session has a project
   */
  public ConsoleFeature(Store store, HumanAgents humans) {
    this.store = store;
    this.humans = humans;
  }

  @Override
  public void install(HubContext hub) {
    ConsoleSessions sessions = hub.consoles();
    hub.routes()
        .get("/", Access.PUBLIC, ctx -> ctx.redirect("/console"))
        .get("/console", Access.PUBLIC, ctx -> page(ctx, sessions))
        .get(
            "/console/assets/<path>",
            Access.PUBLIC,
            ctx -> ConsoleAssets.serve(ctx, ctx.pathParam("path")))
        .post("/console/sign-in", Access.PUBLIC, ctx -> signIn(ctx, hub, sessions))
        .get("/console/session", Access.AUTHENTICATED, ConsoleFeature::session)
        .post("/console/sign-out", Access.AUTHENTICATED, ctx -> signOut(ctx, sessions));
  }

  private static void page(Context ctx, ConsoleSessions sessions) {
    boolean signedIn = sessions.resolve(ctx.cookie(ConsoleSessions.COOKIE)).isPresent();
    byte[] html =
        ConsoleAssets.read(signedIn ? "index.html" : "sign-in.html")
            .orElseThrow(() -> new IllegalStateException("the console files are missing"));
    ConsoleAssets.secure(ctx);
    ctx.header("Cache-Control", "no-store");
    ctx.contentType("text/html; charset=utf-8").result(html);
  }

  private void signIn(Context ctx, HubContext hub, ConsoleSessions sessions) {
    SignIn request = JsonBodies.read(ctx, SignIn.class);
    Principal principal =
        hub.credentials()
            .authenticate(request.token())
            .orElseThrow(() ->
                new KxmException(ErrorCode.AUTH_INVALID, "the token is not known to this hub"));
    String project =
        request.project() != null ? request.project() : principal.project().orElse(null);
    if (principal instanceof Principal.Project p && project != null && !p.name().equals(project)) {
      throw new KxmException(
          ErrorCode.PROJECT_FORBIDDEN,
          "this token belongs to project '" + p.name() + "', not '" + project + "'");
    }
    // The admin token registers agents only in projects without a token of their own; there the
    // admin works without a human inbox.
    boolean mayHaveHuman =
        project != null
            && !(principal instanceof Principal.Admin
                && hub.credentials().hasProjectToken(project));
    HumanAgent human = mayHaveHuman ? human(hub, principal, project, request.operator()) : null;
    ConsoleSessions.Opened opened =
        sessions.open(request.token(), request.operator(), project, human);
    String cookie =
        ConsoleSessions.COOKIE
            + "="
            + opened.id()
            + "; Path=/; HttpOnly; SameSite=Strict"
            + (ctx.scheme().equals("https") ? "; Secure" : "");
    ctx.header("Set-Cookie", cookie);
    ctx.header("Cache-Control", "no-store");
    ctx.json(describe(opened.session(), principal));
  }

  /** The same rule as {@code POST /v1/projects/{project}/agents}, then the registration. */
  private HumanAgent human(HubContext hub, Principal principal, String project, String operator) {
    new AgentGuard(store, hub.credentials()).requireMayRegister(principal, project);
    Registration registration =
        humans.register(project, AgentProfile.named(operator, HumanAgents.PURPOSE));
    return new HumanAgent(
        registration.agent().id(), registration.agent().name(), project, registration.agentKey());
  }

  private static void session(Context ctx) {
    ConsoleSession session =
        HubRequest.console(ctx)
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.NOT_FOUND, "this request came without a console session cookie"));
    ctx.header("Cache-Control", "no-store");
    ctx.json(describe(session, HubRequest.requirePrincipal(ctx)));
  }

  private static void signOut(Context ctx, ConsoleSessions sessions) {
    sessions.close(ctx.cookie(ConsoleSessions.COOKIE));
    ctx.header(
        "Set-Cookie", ConsoleSessions.COOKIE + "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
    ctx.json(Map.of("signedOut", true));
  }

  /** What the page may know about its session: never the token, never the agent key. */
  private static Map<String, Object> describe(ConsoleSession session, Principal principal) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("operator", session.operator());
    body.put("role", principal.kind());
    Optional<HumanAgent> human = session.human();
    body.put("project", session.project().orElse(null));
    body.put("csrf", session.csrf());
    body.put(
        "human",
        human.<Object>map(h -> Map.of("agentId", h.agentId(), "name", h.name())).orElse(null));
    return body;
  }
}
