/**
 * What a person answers to a run's question, one model per kind: an approval is approved or denied
 * with an optional reason, a clarification is text, an elicitation is accepted with content that
 * its requested schema admits, declined or cancelled (MCP elicitation's three outcomes). {@code
 * AnswerReader} is the one reader of an answer body, used by the supervisor's resolve route and
 * every session store, and {@code InteractionAnswer#body()} is the one writer, used by the CLI, so
 * the same answer stores the same row whichever way it came. {@code ElicitationSchema} limits a
 * requested schema to what MCP allows when the question is asked and checks content against it.
 */
package io.kxm.session.interaction;
