package io.kxm.store.jdbc;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * One caller's unit of work in a group commit. Its result is held back until the batch commits; its
 * failure is final as soon as it happens.
 */
public final class WriteRequest<T> {
  static final WriteRequest<Void> STOP = new WriteRequest<>(jdbc -> null);

  final CompletableFuture<T> future = new CompletableFuture<>();
  private final Function<Jdbc, T> work;
  private T result;
  private Throwable failure;

  WriteRequest(Function<Jdbc, T> work) {
    this.work = work;
  }

  public void run(Jdbc jdbc) {
    result = work.apply(jdbc);
  }

  public void fail(Throwable cause) {
    failure = cause;
    future.completeExceptionally(cause);
  }

  /** The whole batch failed: requests that had succeeded so far fail with the batch's error. */
  public void failIfPending(Throwable cause) {
    if (failure == null) {
      fail(cause);
    }
  }

  public void complete() {
    if (failure == null) {
      future.complete(result);
    }
  }

  /** The caller sees the same exception the work threw, or the store's translated error. */
  static RuntimeException unwrap(CompletionException e) {
    Throwable cause = e.getCause();
    if (cause instanceof RuntimeException runtime) {
      return runtime;
    }
    if (cause instanceof Error error) {
      throw error;
    }
    return e;
  }
}
