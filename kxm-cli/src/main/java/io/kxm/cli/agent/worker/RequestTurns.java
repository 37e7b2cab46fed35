package io.kxm.cli.agent.worker;

import io.kxm.client.HttpPeerOperations;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.retry.Backoff;
import io.kxm.core.secret.Redactor;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns inbound requests into harness turns, at most {@code concurrency} at once, each in one of
 * the worker's sessions, and sends each turn's final output back as the reply. A request offered
 * twice (replayed by the stream, read again from the inbox) is worked on once. A failed turn leaves
 * the request open, records the failure and is retried after a growing pause, up to the attempt
 * limit. A {@code steer} request redirects the turn in flight: that turn is cancelled, and a new
 * one runs with the original request and the steer, whose answer goes to both.
 */
final class RequestTurns implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RequestTurns.class);
  private static final int DETAIL_CHARS = 300;

  /** A retry waits at most 2^20 times the first pause: twenty doublings. */
  private static final long MAX_GROWTH = 1L << 20;

  private final WorkerOptions options;
  private final HubAnswers answers;
  private final SupervisorTurns turns;
  private final WorkerStatus status;
  private final ProjectBrief brief;
  private final BlockingQueue<Integer> freeSlots = new LinkedBlockingQueue<>();
  private final Map<String, RequestJob> open = new ConcurrentHashMap<>();
  private final Set<String> finished = Collections.newSetFromMap(RequestJob.remembered());
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("kxm-worker-retry").factory());
  private volatile boolean closing;

  RequestTurns(
      WorkerOptions options,
      HttpPeerOperations hub,
      SupervisorTurns turns,
      WorkerStatus status,
      ProjectBrief brief) {
    this.options = options;
    this.answers = new HubAnswers(options.name(), hub, status);
    this.turns = turns;
    this.status = status;
    this.brief = brief;
    for (int slot = 0; slot < options.concurrency(); slot++) {
      freeSlots.add(slot);
    }
  }

  /** Takes a request to answer; one already taken, answered or given up on is ignored. */
  void offer(PeerMessage request) {
    if (closing || request.status().isTerminal()) {
      return;
    }
    RequestJob job;
    synchronized (this) {
      if (open.containsKey(request.id()) || finished.contains(request.id())) {
        return;
      }
      if (!answers.take(request)) {
        return;
      }
      if (request.delivery() == Delivery.STEER && steered(request)) {
        return;
      }
      job = new RequestJob(request);
      open.put(request.id(), job);
    }
    LOG.info("worker {}: request {} from {} taken", options.name(), request.id(), from(request));
    schedule(job, Duration.ZERO);
  }

  /**
   * The request was cancelled by its sender or expired: its turn is cancelled and no reply is sent.
   * A steer that ends this way leaves the request it redirected alone.
   */
  void withdrawn(String messageId) {
    RequestJob job = open.get(messageId);
    if (job == null || !job.request().id().equals(messageId)) {
      return;
    }
    String runId = job.withdraw();
    settle(messageId);
    job.steers().forEach(steer -> settle(steer.id()));
    status.dropped(messageId);
    LOG.info("worker {}: request {} was withdrawn by the hub", options.name(), messageId);
    if (runId != null) {
      Thread.ofVirtual().name("kxm-worker-withdraw").start(() -> cancelQuietly(runId));
    }
  }

  /**
   * Attaches a steer to the work it redirects: the open request of the same correlation id, else
   * the one whose turn started last. Its running turn is cancelled; one waiting for a slot or a
   * retry takes the steer into its next turn. Called under this object's lock.
   *
   * @return false when no request is open, so the steer is answered by a turn of its own
   */
  private boolean steered(PeerMessage steer) {
    RequestJob target = RequestJob.steerTarget(open.values(), steer);
    if (target == null) {
      return false;
    }
    RequestJob.Attached attached = target.attach(steer);
    if (!attached.attached()) {
      return false;
    }
    open.put(steer.id(), target);
    LOG.info(
        "worker {}: steer {} redirects the turn of request {}",
        options.name(),
        steer.id(),
        target.request().id());
    if (attached.runToCancel() != null) {
      String runId = attached.runToCancel();
      Thread.ofVirtual().name("kxm-worker-steer").start(() -> cancelQuietly(runId));
    }
    return true;
  }

  private void schedule(RequestJob job, Duration delay) {
    if (closing) {
      return;
    }
    timer.schedule(
        () -> Thread.ofVirtual().name("kxm-worker-turn").start(() -> attempt(job)),
        delay.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  private void attempt(RequestJob job) {
    Integer slot;
    try {
      slot = freeSlots.take();
    } catch (InterruptedException e) {
      return;
    }
    String requestId = job.request().id();
    try {
      if (closing || job.withdrawn()) {
        return;
      }
      String session = sessionFor(slot);
      List<PeerMessage> steers = job.beginTurn();
      status.started(requestId);
      String prompt = TurnPrompt.of(job.request(), steers, brief.forWorkspace(options.workspace()));
      TurnResult result =
          turns.run(
              session,
              prompt,
              runId -> {
                if (job.running(runId) || job.withdrawn()) {
                  cancelQuietly(runId);
                }
              },
              question -> status.waiting(requestId, question));
      if (job.withdrawn()) {
        return;
      }
      if (result.completed()) {
        List<PeerMessage> answerTo = job.closeWithAnswer();
        if (answerTo.isEmpty()) {
          schedule(job, Duration.ZERO); // a steer came as the turn completed: redo it with it
        } else {
          reply(answerTo, result);
        }
        return;
      }
      if (closing) {
        return;
      }
      if (result.cancelled() && job.steeredSinceTurnBegan()) {
        schedule(job, Duration.ZERO);
        return;
      }
      if (ErrorCode.SESSION_NOT_FOUND.code().equals(result.error())) {
        status.session(slot, ""); // the supervisor lost it; the next attempt makes a new one
      }
      failed(
          job,
          Objects.requireNonNullElse(result.error(), result.status()),
          result.runId() == null
              ? "the supervisor refused the turn"
              : "run " + result.runId() + " ended " + result.status());
    } catch (KxmException e) {
      if (!closing) {
        failed(job, e.code().code(), e.getMessage());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      if (!closing) {
        failed(job, ErrorCode.INTERNAL.code(), e.toString());
      }
    } finally {
      freeSlots.add(slot);
    }
  }

  private String sessionFor(int slot) {
    return status
        .session(slot)
        .filter(turns::sessionExists)
        .orElseGet(() -> {
          String created = turns.createSession();
          status.session(slot, created);
          return created;
        });
  }

  private void reply(List<PeerMessage> answerTo, TurnResult result) {
    for (PeerMessage request : answerTo) {
      answers.reply(request, result);
      settle(request.id());
    }
  }

  private void failed(RequestJob job, String error, String detail) {
    int attempts = job.failed(options.maxAttempts());
    boolean gaveUp = attempts >= options.maxAttempts();
    String shown = cut(Redactor.redact(detail));
    String requestId = job.request().id();
    status.failed(requestId, attempts, error, shown, gaveUp);
    if (gaveUp) {
      LOG.warn(
          "worker {}: request {} failed {} times ({}); it stays open for a later start",
          options.name(),
          requestId,
          attempts,
          error);
      settle(requestId);
      job.steers().forEach(steer -> settle(steer.id()));
      return;
    }
    Duration first = options.retryBackoff();
    Duration pause = new Backoff(first, first.multipliedBy(MAX_GROWTH)).pause(attempts);
    LOG.info(
        "worker {}: request {} failed ({}); attempt {} of {} in {} ms",
        options.name(),
        requestId,
        error,
        attempts + 1,
        options.maxAttempts(),
        pause.toMillis());
    schedule(job, pause);
  }

  private synchronized void settle(String requestId) {
    open.remove(requestId);
    finished.add(requestId);
  }

  private void cancelQuietly(String runId) {
    try {
      turns.cancel(runId);
    } catch (RuntimeException e) {
      LOG.info("worker {}: run {} could not be cancelled: {}", options.name(), runId, e.toString());
    }
  }

  /** Stops taking requests and cancels the turns in flight; their requests stay open. */
  @Override
  public void close() {
    closing = true;
    timer.shutdownNow();
    open.values().stream()
        .distinct()
        .map(RequestJob::runId)
        .filter(Objects::nonNull)
        .forEach(this::cancelQuietly);
  }

  private static String from(PeerMessage request) {
    return request.fromName() != null ? request.fromName() : request.from();
  }

  private static String cut(String text) {
    return text.length() <= DETAIL_CHARS ? text : text.substring(0, DETAIL_CHARS) + "…";
  }
}
