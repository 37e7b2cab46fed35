package io.kxm.hub.tokens;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.support.Http;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two hub nodes on one PostgreSQL schema, each with its own credentials file: a rotation through
 * one is in force on the other with the very next request.
 */
class TwoNodeTokenTest {
  @TempDir Path dir;
  PostgresSchema schema;
  TokenNodes nodeA;
  TokenNodes nodeB;
  String alpha;

  @BeforeEach
  void start() {
    Services.requirePostgres();
    schema = PostgresSchema.create("two_node_tokens");
    Map<String, String> database =
        Map.of(
            "KXM_DATABASE_URL",
            "postgresql://"
                + Services.PG_USER
                + "@"
                + Services.PG_HOST
                + ":"
                + Services.PG_PORT
                + "/"
                + Services.PG_DATABASE,
            "KXM_DATABASE_SCHEMA",
            schema.name());
    alpha = TokenNodes.createInFile(dir.resolve("a"), "alpha");
    nodeA = TokenNodes.start(dir.resolve("a"), database);
    nodeB = TokenNodes.start(dir.resolve("b"), database);
  }

  @AfterEach
  void stop() throws Exception {
    if (nodeB != null) {
      nodeB.close();
    }
    if (nodeA != null) {
      nodeA.close();
    }
    if (schema != null) {
      schema.close();
    }
  }

  @Test
  void a_project_token_rotated_through_one_node_is_refused_on_the_other_at_once() {
    assertThat(nodeB.whoami(alpha).status()).isEqualTo(200);

    String fresh = nodeA.rotate("alpha");

    Http.Response old = nodeB.whoami(alpha);
    assertThat(old.status()).isEqualTo(401);
    assertThat(old.errorCode()).isEqualTo("auth_invalid");
    assertThat(nodeB.whoami(fresh).json().path("project").asString()).isEqualTo("alpha");
  }

  @Test
  void a_revocation_and_an_admin_rotation_through_one_node_hold_on_the_other_at_once() {
    String oldAdmin = nodeA.admin();
    assertThat(nodeB.whoami(oldAdmin).status()).isEqualTo(200);

    assertThat(nodeA.post("/v1/admin/projects/alpha/token/revoke", oldAdmin).status())
        .isEqualTo(200);
    String freshAdmin =
        nodeA.post("/v1/admin/admin-token/rotate", oldAdmin).json().path("token").asString();

    assertThat(nodeB.whoami(alpha).status()).isEqualTo(401);
    assertThat(nodeB.whoami(oldAdmin).status()).isEqualTo(401);
    assertThat(nodeB.whoami(freshAdmin).json().path("role").asString()).isEqualTo("admin");
  }
}
