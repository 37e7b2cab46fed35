package io.kxm.mcp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import tools.jackson.databind.json.JsonMapper;

/** The JSON mapper every KXM MCP transport and server uses. */
public final class McpJson {
  private static final McpJsonMapper MAPPER =
      new JacksonMcpJsonMapper(
          JsonMapper.builder().addMixIn(Throwable.class, ThrowableMixin.class).build());

  private McpJson() {}

  /**
   * The SDK writes some transport errors (unknown session, bad request) by serializing the
   * exception itself; without this mixin the answer would carry the server's stack trace.
   */
  public static McpJsonMapper mapper() {
    return MAPPER;
  }

  @JsonIgnoreProperties({"stackTrace", "cause", "suppressed", "localizedMessage"})
  abstract static class ThrowableMixin {}
}
