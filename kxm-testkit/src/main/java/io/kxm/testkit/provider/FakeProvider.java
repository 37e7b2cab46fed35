package io.kxm.testkit.provider;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

/**
 * A scripted model provider on loopback that speaks the Anthropic Messages, OpenAI Responses and
 * OpenAI Chat Completions wire formats, streamed or whole, so agent CLIs and agent loops can be
 * tested against a real HTTP endpoint with a predictable model behind it.
 *
 * <pre>{@code
 * try (FakeProvider provider = FakeProvider.start()) {
 *   provider.enqueue(Turn.toolCall("read_file", "{\"path\":\"notes.txt\"}"));
 *   provider.when(Rule.whenToolResultFor("read_file", Turn.text("The file says hello.")));
 *   // point the client at provider.baseUrl() (Anthropic) or provider.openAiBaseUrl() (OpenAI)
 *   assertThat(provider.requests().getLast().toolResults()).isNotEmpty();
 * }
 * }</pre>
 *
 * <p>Each request is answered by the first matching {@link Rule}, else by the next queued reply;
 * with neither, it gets a 500 whose message says so. Every request is recorded, credentials
 * redacted. Routes: {@code POST /v1/messages}, {@code POST /v1/responses}, {@code POST
 * /v1/chat/completions}, {@code GET /v1/models} (Anthropic's list shape when the request carries
 * {@code anthropic-version}, OpenAI's otherwise) and {@code POST /v1/messages/count_tokens} (an
 * estimate that takes nothing from the script). {@code POST /v1/embeddings} answers OpenAI's
 * embeddings shape with deterministic vectors ({@link EmbeddingsWire}) and takes nothing from the
 * script either; {@link #failEmbeddings} makes it fail until {@link #restoreEmbeddings}.
 */
public final class FakeProvider implements AutoCloseable {
  /** Model ids listed by {@code GET /v1/models} unless others are given. */
  public static final List<String> DEFAULT_MODELS = List.of("claude-sonnet-4-5", "gpt-5-codex");

  private final HttpServer server;
  private final ExecutorService executor;
  private final List<String> models;
  private final Optional<String> requiredKey;
  private final Deque<Reply> queue = new ArrayDeque<>();
  private final List<Rule> rules = new ArrayList<>();
  private final List<RecordedRequest> requests = new ArrayList<>();
  private HttpFailure embeddingsFailure;

  private FakeProvider(List<String> models, Optional<String> requiredKey) throws IOException {
    this.models = List.copyOf(models);
    this.requiredKey = requiredKey;
    this.executor = Executors.newVirtualThreadPerTaskExecutor();
    this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  /** Accepts any credential, or none, and lists {@link #DEFAULT_MODELS}. */
  public static FakeProvider start() throws IOException {
    return new FakeProvider(DEFAULT_MODELS, Optional.empty());
  }

  /**
   * Lists {@code models}; when {@code requiredKey} is present, a request must carry it as {@code
   * x-api-key} or {@code Authorization: Bearer} or it gets a 401.
   */
  public static FakeProvider start(List<String> models, Optional<String> requiredKey)
      throws IOException {
    if (models.isEmpty() || models.stream().anyMatch(id -> id == null || id.isBlank())) {
      throw new IllegalArgumentException(
          "the fake provider needs at least one model id and no blank ones, got " + models);
    }
    if (requiredKey.isPresent() && requiredKey.get().isBlank()) {
      throw new IllegalArgumentException("a required key must not be blank; pass Optional.empty()");
    }
    return new FakeProvider(models, requiredKey);
  }

  /** {@code http://127.0.0.1:port}, without {@code /v1}: what Anthropic clients take as base. */
  public URI baseUrl() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** {@code http://127.0.0.1:port/v1}: what OpenAI clients take as base. */
  public URI openAiBaseUrl() {
    return URI.create(baseUrl() + "/v1");
  }

  public synchronized FakeProvider enqueue(Reply... replies) {
    queue.addAll(List.of(replies));
    return this;
  }

  public synchronized FakeProvider when(Rule rule) {
    rules.add(rule);
    return this;
  }

  public synchronized List<RecordedRequest> requests() {
    return List.copyOf(requests);
  }

  /** Every later embeddings request gets {@code failure}, until {@link #restoreEmbeddings}. */
  public synchronized FakeProvider failEmbeddings(HttpFailure failure) {
    embeddingsFailure = java.util.Objects.requireNonNull(failure, "failure");
    return this;
  }

  /** Embeddings requests are answered again. */
  public synchronized FakeProvider restoreEmbeddings() {
    embeddingsFailure = null;
    return this;
  }

  /** How many queued replies no request has taken yet. */
  public synchronized int pending() {
    return queue.size();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  private void handle(HttpExchange exchange) throws IOException {
    boolean cut = false;
    try {
      respond(exchange);
    } catch (Responder.StreamCut e) {
      // Leaving the exchange open makes the server drop the connection mid-body.
      cut = true;
      throw e;
    } finally {
      if (!cut) {
        exchange.close();
      }
    }
  }

  private void respond(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath();
    String method = exchange.getRequestMethod();
    Optional<ApiDialect> dialect = dialectOf(method, path);
    String raw = readBody(exchange.getRequestBody());
    JsonNode body = parse(raw);
    RecordedRequest request =
        new RecordedRequest(method, path, dialect, redacted(exchange), raw, body);
    synchronized (this) {
      requests.add(request);
    }
    Responder out = new Responder(exchange, dialect);
    if (!authorized(exchange)) {
      out.failure(HttpFailure.unauthorized());
    } else if (method.equals("GET") && path.equals("/v1/models")) {
      boolean anthropic = request.header("anthropic-version").isPresent();
      out.json(200, anthropic ? AnthropicWire.models(models) : ResponsesWire.models(models));
    } else if (method.equals("POST") && path.equals("/v1/messages/count_tokens")) {
      out.json(200, Json.object().put("input_tokens", estimatedTokens(raw)));
    } else if (method.equals("POST") && path.equals("/v1/embeddings")) {
      embeddings(out, body);
    } else if (dialect.isEmpty()) {
      out.failure(HttpFailure.of(404, "No route for " + method + " " + path));
    } else if (!body.isObject()) {
      out.failure(HttpFailure.of(400, "The request body must be a JSON object"));
    } else {
      answer(out, dialect.get(), request);
    }
  }

  private void answer(Responder out, ApiDialect dialect, RecordedRequest request)
      throws IOException {
    Reply reply = nextReply(request);
    String model = request.model().isEmpty() ? models.getFirst() : request.model();
    switch (reply) {
      case HttpFailure failure -> out.failure(failure);
      case Turn turn when request.streaming() ->
          out.stream(
              switch (dialect) {
                case ANTHROPIC_MESSAGES -> AnthropicWire.stream(turn, model);
                case OPENAI_RESPONSES ->
                    ResponsesWire.stream(turn, model, Transcript.offeredNamespaces(request.body()));
                case OPENAI_CHAT ->
                    ChatWire.stream(
                        turn,
                        model,
                        request.body().path("stream_options").path("include_usage").asBoolean());
              },
              turn);
      case Turn turn ->
          out.json(
              200,
              switch (dialect) {
                case ANTHROPIC_MESSAGES -> AnthropicWire.whole(turn, model);
                case OPENAI_RESPONSES ->
                    ResponsesWire.whole(turn, model, Transcript.offeredNamespaces(request.body()));
                case OPENAI_CHAT -> ChatWire.whole(turn, model);
              });
    }
  }

  private void embeddings(Responder out, JsonNode body) throws IOException {
    HttpFailure failure;
    synchronized (this) {
      failure = embeddingsFailure;
    }
    if (failure != null) {
      out.failure(failure);
      return;
    }
    var answer = body.isObject() ? EmbeddingsWire.answer(body, "text-embedding-3-small") : null;
    if (answer == null) {
      out.failure(
          HttpFailure.of(
              400,
              "An embeddings request needs a model and input: a string or a list of strings"
                  + " (dimensions 1 to 4096 when given)"));
      return;
    }
    out.json(200, answer);
  }

  private synchronized Reply nextReply(RecordedRequest request) {
    for (Rule rule : rules) {
      if (rule.when().test(request)) {
        return rule.reply();
      }
    }
    Reply next = queue.pollFirst();
    if (next != null) {
      return next;
    }
    return HttpFailure.of(
        500,
        "The fake provider has no scripted reply for request "
            + requests.size()
            + " to "
            + request.path()
            + ": enqueue a Turn or add a Rule that matches it");
  }

  private boolean authorized(HttpExchange exchange) {
    if (requiredKey.isEmpty()) {
      return true;
    }
    String apiKey = exchange.getRequestHeaders().getFirst("x-api-key");
    String bearer = exchange.getRequestHeaders().getFirst("authorization");
    String expected = requiredKey.get();
    return expected.equals(apiKey) || ("Bearer " + expected).equals(bearer);
  }

  /** Roughly four bytes a token, as a stand-in for a tokenizer the fake does not have. */
  private static int estimatedTokens(String raw) {
    return Math.max(1, raw.getBytes(StandardCharsets.UTF_8).length / 4);
  }

  private static Optional<ApiDialect> dialectOf(String method, String path) {
    if (!method.equals("POST")) {
      return Optional.empty();
    }
    return switch (path) {
      case "/v1/messages" -> Optional.of(ApiDialect.ANTHROPIC_MESSAGES);
      case "/v1/responses" -> Optional.of(ApiDialect.OPENAI_RESPONSES);
      case "/v1/chat/completions" -> Optional.of(ApiDialect.OPENAI_CHAT);
      default -> Optional.empty();
    };
  }

  private static String readBody(InputStream in) throws IOException {
    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
  }

  private static JsonNode parse(String raw) {
    try {
      return raw.isBlank() ? MissingNode.getInstance() : Json.read(raw);
    } catch (JacksonException e) {
      return MissingNode.getInstance();
    }
  }

  private static Map<String, List<String>> redacted(HttpExchange exchange) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    exchange
        .getRequestHeaders()
        .forEach((name, values) -> {
          String lower = name.toLowerCase(Locale.ROOT);
          boolean secret = lower.equals("x-api-key") || lower.equals("authorization");
          headers.put(lower, secret ? List.of("<redacted>") : List.copyOf(values));
        });
    return headers;
  }
}
