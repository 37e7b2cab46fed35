package io.kxm.cli.agent.worker;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a running worker writes about itself under the runtime folder: who it is, which process it
 * runs in, and what it is doing. {@code kxm agent worker --list} and {@code stop} read it.
 *
 * @param name the agent name the worker registered as
 * @param pid the worker's process
 * @param processStart when that process started, so a reused pid is never taken for the worker
 * @param project the hub project
 * @param hub the hub's base URL
 * @param harness the harness type its turns run in
 * @param model {@code provider/model}, or null when the harness chooses
 * @param workspace the folder its sessions work in
 * @param concurrency turns it runs at once
 * @param startedAt when it started
 * @param sessions the supervisor sessions it reuses, one per concurrent turn
 * @param answered requests it replied to since it started
 * @param inFlight ids of the requests whose turns run now
 * @param failures requests whose last turn failed, by message id; they stay open on the hub
 * @param waiting requests whose turn waits for a person's answer, by message id
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkerRecord(
    String name,
    long pid,
    Instant processStart,
    String project,
    String hub,
    String harness,
    String model,
    String workspace,
    int concurrency,
    Instant startedAt,
    List<String> sessions,
    long answered,
    List<String> inFlight,
    Map<String, Failure> failures,
    Map<String, Waiting> waiting) {

  public WorkerRecord {
    Objects.requireNonNull(name, "name");
    sessions = sessions == null ? List.of() : List.copyOf(sessions);
    inFlight = inFlight == null ? List.of() : List.copyOf(inFlight);
    failures = failures == null ? Map.of() : Map.copyOf(failures);
    waiting = waiting == null ? Map.of() : Map.copyOf(waiting);
  }

  /**
   * A turn stopped on a question only a person can answer (an approval, a clarification).
   *
   * @param runId the session run that asks
   * @param interactionId what to answer
   * @param kind {@code approval}, {@code clarification} or {@code elicitation}
   * @param since when the worker first saw it pending
   */
  public record Waiting(String runId, String interactionId, String kind, Instant since) {
    /** The command that answers it. */
    public String answerCommand() {
      String at = runId + " " + interactionId;
      return switch (kind) {
        case "approval" -> "kxm runs approve|deny " + at;
        case "elicitation" -> "kxm runs answer " + at + " --accept JSON|--decline|--cancel";
        default -> "kxm runs answer " + at + " TEXT";
      };
    }
  }

  /**
   * The last failure of one request's turns.
   *
   * @param attempts turns tried so far by this worker process
   * @param error the stable code the turn ended with
   * @param detail a short, redacted description
   * @param at when it failed
   * @param gaveUp whether the worker stopped retrying; the request stays open for a restart
   */
  public record Failure(int attempts, String error, String detail, Instant at, boolean gaveUp) {}

  /** Whether {@link #pid} still runs as the process that wrote this record. */
  public boolean alive() {
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .map(p -> p.info().startInstant().map(s -> s.equals(processStart)).orElse(false))
        .orElse(false);
  }
}
