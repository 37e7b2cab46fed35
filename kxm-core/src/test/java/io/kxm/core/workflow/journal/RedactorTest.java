package io.kxm.core.workflow.journal;

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
}
