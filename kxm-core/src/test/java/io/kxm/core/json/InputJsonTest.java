package io.kxm.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.Delivery;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class InputJsonTest {
  record Inner(String name, int count) {}

  record Body(
      String text,
      Long ttlMs,
      boolean flag,
      Delivery delivery,
      List<String> targets,
      Map<String, String> evidence,
      Inner inner) {}

  @Test
  void a_body_of_the_declared_types_reads() {
    Body body =
        read(
            "{\"text\":\"hi\",\"ttlMs\":5000,\"flag\":true,\"delivery\":\"steer\","
                + "\"targets\":[\"a\"],\"evidence\":{\"k\":\"v\"},\"inner\":{\"name\":\"n\","
                + "\"count\":2}}");

    assertThat(body.ttlMs()).isEqualTo(5000L);
    assertThat(body.delivery()).isEqualTo(Delivery.STEER);
    assertThat(body.inner().count()).isEqualTo(2);
  }

  @Test
  void unknown_fields_are_refused_with_their_path_and_the_fields_taken() {
    assertRefused(() -> read("{\"colour\":1}"), ErrorCode.UNKNOWN_FIELD, "colour is not a field")
        .hasMessageContaining("ttlMs");
    assertRefused(
        () -> read("{\"inner\":{\"name\":\"n\",\"size\":1}}"),
        ErrorCode.UNKNOWN_FIELD,
        "inner.size is not a field of this body; it takes count, name");
  }

  @Test
  void scalars_are_never_coerced_between_json_types() {
    assertRefused(
        () -> read("{\"text\":123}"),
        ErrorCode.INVALID_TYPE,
        "text must be a string, got a whole number");
    assertRefused(
        () -> read("{\"ttlMs\":\"5000\"}"),
        ErrorCode.INVALID_TYPE,
        "ttlMs must be a whole number, got a string");
    assertRefused(
        () -> read("{\"ttlMs\":5000.7}"),
        ErrorCode.INVALID_TYPE,
        "ttlMs must be a whole number, got a number with a fraction");
    assertRefused(() -> read("{\"flag\":1}"), ErrorCode.INVALID_TYPE, "flag must be true or false");
    assertRefused(
        () -> read("{\"targets\":[\"a\",2]}"),
        ErrorCode.INVALID_TYPE,
        "targets[1] must be a string, got a whole number");
    assertRefused(
        () -> read("{\"evidence\":{\"k\":false}}"),
        ErrorCode.INVALID_TYPE,
        "evidence.k must be a string, got a boolean");
    assertRefused(
        () -> read("{\"inner\":\"n\"}"), ErrorCode.INVALID_TYPE, "inner must be an object");
  }

  @Test
  void a_string_that_names_no_enum_value_is_refused_with_the_values_taken() {
    assertRefused(
        () -> read("{\"delivery\":\"later\"}"),
        ErrorCode.INVALID_REQUEST,
        "delivery must be one of followUp, steer, nextTurn");
  }

  @Test
  void a_repeated_key_is_refused_with_its_path_at_any_depth() {
    assertRefused(
        () -> InputJson.read("{\"text\":\"a\",\"text\":\"b\"}"),
        ErrorCode.DUPLICATE_KEY,
        "text appears more than once");
    assertRefused(
        () -> InputJson.read("{\"inner\":{\"name\":\"a\",\"name\":\"b\"}}"),
        ErrorCode.DUPLICATE_KEY,
        "inner.name appears more than once");
  }

  @Test
  void broken_json_is_invalid_json_with_its_place() {
    assertRefused(() -> InputJson.read("{\"text\":"), ErrorCode.INVALID_JSON, "line 1");
    assertRefused(() -> InputJson.read("{} {}"), ErrorCode.INVALID_JSON, "not well-formed");
  }

  @Test
  void stored_json_keeps_reading_leniently() {
    assertThat(Json.read("{\"text\":\"a\",\"text\":\"b\"}").path("text").asString()).isEqualTo("b");
    assertThat(Json.MAPPER.readValue("{\"text\":\"a\",\"later\":1}", Body.class).text())
        .isEqualTo("a");
  }

  private static Body read(String json) {
    return InputJson.convert(InputJson.read(json), Body.class);
  }

  private static org.assertj.core.api.AbstractThrowableAssert<?, ?> assertRefused(
      ThrowingCallable call, ErrorCode code, String message) {
    return assertThatThrownBy(call)
        .isInstanceOfSatisfying(KxmException.class, e -> assertThat(e.code()).isEqualTo(code))
        .hasMessageContaining(message);
  }
}
