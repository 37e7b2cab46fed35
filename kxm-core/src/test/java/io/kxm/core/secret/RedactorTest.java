package io.kxm.core.secret;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedactorTest {

  @Test
  void credential_shapes_are_masked() {
    String[] secrets = {
      "Authorization: Bearer abcdefghijklmnop123",
      "key sk-ant-api03-abcdefghijklmnopqrstuv",
      "token ghp_abcdefghijklmnopqrstuvwxyz0123",
      "github_pat_11ABCDEFGHIJKLMNOPQRSTUV_x",
      "aws AKIAIOSFODNN7EXAMPLE here",
      "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      "export OPENAI_API_KEY='abc def'",
      "password: hunter2",
      "db postgres://admin:pa55word@db.example.com/x",
      "digest 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
      "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N",
      "slack xoxb-1234567890-abcdefghij",
      "hub kxm_admin_AbCdEfGhIjKlMnOpQrStUvWx",
    };
    String[] leaked = {
      "abcdefghijklmnop123",
      "abcdefghijklmnopqrstuv",
      "abcdefghijklmnopqrstuvwxyz0123",
      "ABCDEFGHIJKLMNOPQRSTUV",
      "AKIAIOSFODNN7EXAMPLE",
      "wJalrXUtnFEMI",
      "abc def",
      "hunter2",
      "pa55word",
      "9f86d081884c7d659a2f",
      "dozjgNryP4J3jVmNHl0w5N",
      "abcdefghij",
      "AbCdEfGhIjKl"
    };
    for (int i = 0; i < secrets.length; i++) {
      String redacted = Redactor.redact(secrets[i]);
      assertThat(redacted).as(secrets[i]).doesNotContain(leaked[i]).contains(Redactor.MASK);
    }
  }

  @Test
  void the_name_of_a_secret_setting_stays_readable_and_plain_text_is_untouched() {
    assertThat(Redactor.redact("set API_TOKEN=abc123 and retry"))
        .isEqualTo("set API_TOKEN=[REDACTED] and retry");
    assertThat(Redactor.redact("the build failed after 3 tries on main"))
        .isEqualTo("the build failed after 3 tries on main");
    assertThat(Redactor.redact(null)).isNull();
  }

  @Test
  void a_private_key_block_is_masked_whole() {
    String text =
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nabc\n-----END RSA PRIVATE KEY----- done";

    assertThat(Redactor.redact(text)).isEqualTo("[REDACTED] done");
  }

  @Test
  void shapes_the_hub_log_masked_are_masked() {
    String text = "auth Bearer abc.def failed for kxm_admin_AbCdEf123456789 with password=hunter2";

    assertThat(Redactor.redact(text))
        .doesNotContain("abc.def", "AbCdEf123456789", "hunter2")
        .contains("password=" + Redactor.MASK);
    assertThat(Redactor.redact("GET /x?token=abc123&page=2"))
        .isEqualTo("GET /x?token=[REDACTED]&page=2");
  }

  @Test
  void shapes_the_runtime_sync_masked_are_masked() {
    String[] secrets = {
      "sk-" + "a".repeat(24),
      "AIDA" + "A".repeat(16),
      "AROA" + "B".repeat(16),
      "glpat-" + "c".repeat(20),
      "kxm_project_" + "D1".repeat(8),
      "kxm_project_" + "a".repeat(24),
      "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA",
    };
    for (String secret : secrets) {
      assertThat(Redactor.redact("before " + secret))
          .as(secret)
          .isEqualTo("before " + Redactor.MASK);
      assertThat(Redactor.looksLikeCredential(secret)).as(secret).isTrue();
    }
    assertThat(Redactor.redact("secret: s3cr3t-value")).isEqualTo("secret: [REDACTED]");
  }

  @Test
  void a_string_value_under_a_json_key_named_like_a_secret_is_replaced_whole() {
    assertThat(Redactor.redact("{\"apiKey\":\"short\\\"still secret\",\"user\":\"ann\"}"))
        .isEqualTo("{\"apiKey\":\"[REDACTED]\",\"user\":\"ann\"}");
    assertThat(Redactor.redact("{\"inputTokens\":12,\"db_password\": \"cut off here"))
        .isEqualTo("{\"inputTokens\":12,\"db_password\": \"[REDACTED]\"");
  }

  @Test
  void tool_names_token_counts_and_commit_ids_stay_readable() {
    String text =
        "{\"type\":\"delta\",\"text\":\"called kxm_workflow_checkpoint and"
            + " kxm_improvement_report; the token count is 12 at commit"
            + " 3f302bd6a1c0e5b1d2f8a9c7e6b5a4d3c2b1a0f9\"}";

    assertThat(Redactor.redact(text)).isEqualTo(text);
  }

  @Test
  void a_digest_is_masked_in_text_but_is_no_credential_when_a_value_is_judged_whole() {
    String digest = "b".repeat(64);

    assertThat(Redactor.redact("sha " + digest)).isEqualTo("sha " + Redactor.MASK);
    assertThat(Redactor.looksLikeCredential(digest)).isFalse();
    assertThat(Redactor.redacts("contentHash", digest)).isFalse();
  }

  @Test
  void a_long_opaque_value_under_a_key_named_like_a_secret_is_redacted_whole() {
    assertThat(Redactor.redacts("authHeader", "Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1")).isTrue();
    assertThat(Redactor.redacts("stage", "Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1")).isFalse();
    assertThat(Redactor.redacts("apiKey", "short")).isFalse();
  }

  @Test
  void the_user_and_password_of_a_url_are_masked_and_where_it_points_is_kept() {
    String text =
        "connect to rediss://alice:hunter2@redis.internal:6380/0 failed; see https://example.com/a@b";

    assertThat(Redactor.redact(text))
        .isEqualTo(
            "connect to rediss://[REDACTED]@redis.internal:6380/0 failed; see https://example.com/a@b");
  }
}
