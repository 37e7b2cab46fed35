package io.kxm.mcp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Set;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.node.ObjectNode;

/** The JSON mapper every KXM MCP transport and server uses. */
public final class McpJson {
  private static final JsonMapper PLAIN =
      JsonMapper.builder().addMixIn(Throwable.class, ThrowableMixin.class).build();
  private static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(PLAIN);

  private McpJson() {}

  /**
   * The SDK writes some transport errors (unknown session, bad request) by serializing the
   * exception itself; without this mixin the answer would carry the server's stack trace.
   */
  public static McpJsonMapper mapper() {
    return MAPPER;
  }

  /** An SDK value (a tool result, say) as a JSON tree, written as the SDK writes it. */
  public static tools.jackson.databind.JsonNode tree(Object value) {
    return PLAIN.valueToTree(value);
  }

  /**
   * {@link #mapper()}, and what the SDK's types cannot say about MCP tasks (2025-11-25): the {@code
   * tasks} capability in the initialize result, and {@code execution.taskSupport: "optional"} on
   * each tool in {@code taskTools}. For the transport that serves those tasks.
   */
  public static McpJsonMapper withTasks(Set<String> taskTools) {
    SimpleModule tasks = new SimpleModule("kxm-mcp-tasks");
    tasks.addSerializer(
        McpSchema.ServerCapabilities.class,
        new ValueSerializer<>() {
          @Override
          public void serialize(
              McpSchema.ServerCapabilities value, JsonGenerator gen, SerializationContext ctxt) {
            ObjectNode node = PLAIN.valueToTree(value);
            ObjectNode capability = node.putObject("tasks");
            capability.putObject("list");
            capability.putObject("cancel");
            capability.putObject("requests").putObject("tools").putObject("call");
            gen.writeTree(node);
          }
        });
    tasks.addSerializer(
        McpSchema.Tool.class,
        new ValueSerializer<>() {
          @Override
          public void serialize(
              McpSchema.Tool value, JsonGenerator gen, SerializationContext ctxt) {
            ObjectNode node = PLAIN.valueToTree(value);
            if (taskTools.contains(value.name())) {
              node.putObject("execution").put("taskSupport", "optional");
            }
            gen.writeTree(node);
          }
        });
    return new JacksonMcpJsonMapper(
        JsonMapper.builder()
            .addMixIn(Throwable.class, ThrowableMixin.class)
            .addModule(tasks)
            .build());
  }

  @JsonIgnoreProperties({"stackTrace", "cause", "suppressed", "localizedMessage"})
  abstract static class ThrowableMixin {}
}
