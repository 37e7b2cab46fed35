package io.kxm.mcp.http;

import io.kxm.core.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One tool call running as an MCP task: working until the call returns (completed, or failed for an
 * error result) or the client cancels it. Its result is kept for its TTL after it ended.
 */
final class ToolTask {
  private final String id;
  private final String sessionId;
  private final Duration ttl;
  private final Instant createdAt;
  private final CountDownLatch ended = new CountDownLatch(1);
  private String status = "working";
  private Instant updatedAt;
  private JsonNode result;
  private Future<?> run;

  ToolTask(String id, String sessionId, Duration ttl, Instant createdAt) {
    this.id = id;
    this.sessionId = sessionId;
    this.ttl = ttl;
    this.createdAt = createdAt;
    this.updatedAt = createdAt;
  }

  String id() {
    return id;
  }

  String sessionId() {
    return sessionId;
  }

  Instant createdAt() {
    return createdAt;
  }

  synchronized String status() {
    return status;
  }

  synchronized void started(Future<?> future) {
    this.run = future;
    if (!status.equals("working")) {
      future.cancel(true); // cancelled before it could start
    }
  }

  /** Records the call's result; false when the task had ended already (cancelled). */
  synchronized boolean finish(JsonNode callResult, boolean error, Instant at) {
    if (!status.equals("working")) {
      return false;
    }
    status = error ? "failed" : "completed";
    result = callResult;
    updatedAt = at;
    ended.countDown();
    return true;
  }

  /** Cancels a working task and interrupts its call; false when it had ended already. */
  synchronized boolean cancel(Instant at) {
    if (!status.equals("working")) {
      return false;
    }
    status = "cancelled";
    updatedAt = at;
    ended.countDown();
    if (run != null) {
      run.cancel(true);
    }
    return true;
  }

  /** Waits until the task ends; its call's result, or null for a cancelled task. */
  JsonNode awaitResult() throws InterruptedException {
    ended.await();
    synchronized (this) {
      return result;
    }
  }

  /** Whether the task ended longer than its TTL ago, so its result is gone. */
  synchronized boolean expired(Instant now) {
    return !status.equals("working") && updatedAt.plus(ttl).isBefore(now);
  }

  /** The task as the protocol shows it. */
  synchronized ObjectNode view() {
    ObjectNode node = Json.object();
    node.put("taskId", id);
    node.put("status", status);
    node.put("ttl", ttl.toMillis());
    node.put("createdAt", createdAt.toString());
    node.put("lastUpdatedAt", updatedAt.toString());
    node.put("pollInterval", ToolTasks.POLL_INTERVAL.toMillis());
    if (status.equals("failed")) {
      node.put("statusMessage", "the tool answered with an error; tasks/result has it");
    } else if (status.equals("cancelled")) {
      node.put("statusMessage", "cancelled by the client");
    }
    return node;
  }
}
