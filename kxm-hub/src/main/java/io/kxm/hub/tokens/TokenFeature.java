package io.kxm.hub.tokens;

import io.javalin.http.Context;
import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.auth.HubCredentials;
import io.kxm.hub.auth.IssuedToken;
import io.kxm.hub.auth.ProjectTokenInfo;
import io.kxm.hub.http.Access;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The operator's routes over the token table every node shares: rotate or revoke a project's token,
 * rotate the admin token, list project tokens. A change is in force on every node from the next
 * request on; a new token appears once, in the answer, and is kept as a hash only.
 */
public final class TokenFeature implements HubFeature {
  static final String PROJECT = "/v1/admin/projects/{project}/token";

  private HubCredentials credentials;

  @Override
  public void install(HubContext hub) {
    this.credentials = hub.credentials();
    hub.routes()
        .post(PROJECT + "/rotate", Access.ADMIN, this::rotateProject)
        .post(PROJECT + "/revoke", Access.ADMIN, this::revokeProject)
        .get("/v1/admin/project-tokens", Access.ADMIN, this::list)
        .post("/v1/admin/admin-token/rotate", Access.ADMIN, this::rotateAdmin);
  }

  private void rotateProject(Context ctx) {
    issued(ctx, credentials.rotateProjectToken(ctx.pathParam("project")));
  }

  private void revokeProject(Context ctx) {
    String project = ctx.pathParam("project");
    credentials.revokeProjectToken(project);
    ctx.json(Map.of("project", project, "revoked", true));
  }

  private void rotateAdmin(Context ctx) {
    issued(ctx, credentials.rotateAdminToken());
  }

  private void list(Context ctx) {
    List<Map<String, Object>> tokens =
        credentials.projectTokens().stream().map(TokenFeature::view).toList();
    ctx.json(Map.of("tokens", tokens));
  }

  private static Map<String, Object> view(ProjectTokenInfo info) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("project", info.project());
    out.put("createdAt", info.createdAt() == null ? null : info.createdAt().toString());
    out.put("generation", info.generation());
    out.put("source", info.source());
    return out;
  }

  private static void issued(Context ctx, IssuedToken issued) {
    // The one answer that carries a secret: no cache may keep it.
    ctx.header("Cache-Control", "no-store");
    Map<String, Object> out = new LinkedHashMap<>();
    issued.project().ifPresent(p -> out.put("project", p));
    out.put("token", issued.token());
    out.put("createdAt", issued.createdAt().toString());
    out.put("generation", issued.generation());
    ctx.json(out);
  }
}
