package io.kxm.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.secret.Tokens;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Stored hashes (run and session event chains, config revisions, sync content hashes) were computed
 * over this form; these are the exact bytes it has always produced, so a change to it shows here
 * before it breaks a stored chain.
 */
class CanonicalJsonTest {
  @Test
  void nested_objects_are_sorted_at_every_depth_and_nulls_in_them_are_kept() {
    pin(
        "{\"b\":1,\"a\":{\"d\":[{\"z\":null,\"y\":\"\\u00e9\\ud83d\\ude00\"}],\"c\":1.5},\"B\":true}",
        "{\"B\":true,\"a\":{\"c\":1.5,\"d\":[{\"y\":\"\u00e9\ud83d\ude00\",\"z\":null}]},\"b\":1}",
        "d823c6cba8f98ab88ecfa0dd15abb08855bea1d61971836f9eff0ac1bdabc8fa");
  }

  @Test
  void keys_sort_by_utf16_code_units_and_numbers_keep_their_jackson_form() {
    pin(
        "{\"10\":0,\"9\":-7,\"_\":false,\"a\":12345678901234567890,\"\\u00e9\":1e20,"
            + "\"\\uffff\":0.1,\"\\ud83d\\ude00\":[]}",
        "{\"10\":0,\"9\":-7,\"_\":false,\"a\":12345678901234567890,\"\u00e9\":1.0E20,"
            + "\"\ud83d\ude00\":[],\"\uffff\":0.1}",
        "20959262d50851bab051b01e6476215d36ac63389cdc83408881878ec78d7381");
  }

  @Test
  void strings_escape_only_what_json_requires() {
    pin(
        "{\"s\":\"q\\\"b\\\\n\\nt\\t c\\u0001 ls\\u2028 sl/ lt< amp& \"}",
        "{\"s\":\"q\\\"b\\\\n\\nt\\t c\\u0001 ls\u2028 sl/ lt< amp& \"}",
        "5fb839f71b000221e2a7d04bbb721ccf15eb0766075d275ecae385ec57089a71");
  }

  @Test
  void arrays_keep_their_order_and_scalars_stand_alone() {
    pin(
        "[3,{\"y\":{},\"x\":[null,{\"k\":[]}]},\"t\"]",
        "[3,{\"x\":[null,{\"k\":[]}],\"y\":{}},\"t\"]",
        "7f95a41eed7575b3284edd38082db77266818cf4ab393a5a05769cfd362293bf");
    pin("\"text\"", "\"text\"", "1e1d0f251d3a76fa2b1bfc81164078572623403887db02988b504b0492e9f076");
    pin("42", "42", "73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049");
  }

  @Test
  void without_null_fields_drops_null_object_fields_at_every_depth_but_not_null_items() {
    assertThat(
            Json.write(
                CanonicalJson.sortedWithoutNullFields(
                    Json.read("{\"b\":null,\"a\":{\"z\":null,\"y\":[null,{\"x\":null}]}}"))))
        .isEqualTo("{\"a\":{\"y\":[null,{}]}}");
  }

  @Test
  void sorting_leaves_the_input_untouched() {
    var input = Json.read("{\"b\":{\"d\":1,\"c\":2},\"a\":[]}");
    String before = Json.write(input);

    CanonicalJson.sorted(input);

    assertThat(Json.write(input)).isEqualTo(before);
  }

  private static void pin(String input, String canonical, String sha256) {
    byte[] bytes = CanonicalJson.bytes(Json.read(input));
    assertThat(new String(bytes, StandardCharsets.UTF_8)).isEqualTo(canonical);
    assertThat(CanonicalJson.text(Json.read(input))).isEqualTo(canonical);
    assertThat(Tokens.sha256Hex(bytes)).isEqualTo(sha256);
  }
}
