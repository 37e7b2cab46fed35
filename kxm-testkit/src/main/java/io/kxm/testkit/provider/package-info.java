/**
 * A fake model provider for tests: a real HTTP server on loopback that answers agent CLIs and agent
 * loops with scripted model turns, in the exact wire formats of the Anthropic Messages API, the
 * OpenAI Responses API and OpenAI Chat Completions, streamed as server-sent events or whole.
 *
 * <h2>Pointing a client at it</h2>
 *
 * <ul>
 *   <li>Anthropic clients (Claude Code, the Anthropic SDKs): base URL {@link
 *       io.kxm.testkit.provider.FakeProvider#baseUrl()}, for example {@code
 *       ANTHROPIC_BASE_URL=http://127.0.0.1:PORT}; they add {@code /v1/messages} themselves.
 *   <li>OpenAI clients (Codex, Pi, the OpenAI SDKs): base URL {@link
 *       io.kxm.testkit.provider.FakeProvider#openAiBaseUrl()}, which ends in {@code /v1}.
 *   <li>Any key works unless the provider was started with a required key; then it must come as
 *       {@code x-api-key} or {@code Authorization: Bearer}, and anything else gets a 401.
 * </ul>
 *
 * <h2>Scripting</h2>
 *
 * <p>Each request takes the reply of the first {@link io.kxm.testkit.provider.Rule} that matches
 * it, else the next reply from the queue. A request with neither gets a 500 that says the script
 * ran out, so a test that under-scripts fails loudly instead of hanging.
 *
 * <pre>{@code
 * provider.enqueue(
 *     Turn.text("Reading the notes.").andToolCall("read_file", "{\"path\":\"notes.txt\"}"));
 * provider.when(Rule.whenToolResultFor("read_file", Turn.text("The notes say hello.")));
 * provider.when(Rule.whenLastMessageContains("ping", Turn.text("pong")));
 * provider.enqueue(HttpFailure.rateLimited(2));              // 429 with retry-after: 2
 * provider.enqueue(Turn.text("partial").cutAfterEvents(4));  // connection drops mid-stream
 * provider.enqueue(Turn.text("partial").failAfterEvents(4, "Overloaded")); // in-stream error
 * provider.enqueue(Turn.text("slow").withChunkDelay(Duration.ofMillis(50)).inPieces(5));
 * }</pre>
 *
 * <p>A turn's text streams in {@code inPieces(n)} deltas; tool input JSON streams in as many pieces
 * and is sent byte for byte as scripted. Usage numbers ({@code withUsage(in, out)}) appear in each
 * dialect's own usage fields. Ids are shaped like the real ones ({@code msg_}, {@code toolu_},
 * {@code resp_}, {@code fc_}, {@code call_}, {@code chatcmpl-}) and every response carries {@code
 * x-request-id}.
 *
 * <h2>Asserting on what the client sent</h2>
 *
 * <p>{@link io.kxm.testkit.provider.FakeProvider#requests()} lists every request in order with its
 * path, headers (credential values redacted) and parsed body. {@link
 * io.kxm.testkit.provider.RecordedRequest#toolResults()} reads the tool results at the end of the
 * conversation in any dialect, with the tool's name found from the matching call; {@link
 * io.kxm.testkit.provider.RecordedRequest#offeredToolNames()} lists the tools the client offered,
 * for example to check that MCP tools reached the model. A Responses request may group tools in
 * {@code namespace} tools, as Codex groups each MCP server's: they are listed, and scripted, as
 * {@code <namespace>__<tool>} ({@code mcp__kxm__kxm_list}), and the call goes out with {@code
 * namespace} and the bare tool name, as the Responses API sends it.
 */
package io.kxm.testkit.provider;
