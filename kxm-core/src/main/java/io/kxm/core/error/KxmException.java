package io.kxm.core.error;

import java.util.Objects;

/** The one unchecked exception KXM throws; carries a stable {@link ErrorCode} and a hint. */
public class KxmException extends RuntimeException {
  private final ErrorCode code;
  private final String hint;

  public KxmException(ErrorCode code, String message) {
    this(code, message, code.hint(), null);
  }

  public KxmException(ErrorCode code, String message, String hint) {
    this(code, message, hint, null);
  }

  public KxmException(ErrorCode code, String message, Throwable cause) {
    this(code, message, code.hint(), cause);
  }

  public KxmException(ErrorCode code, String message, String hint, Throwable cause) {
    super(Objects.requireNonNull(message, "message"), cause);
    this.code = Objects.requireNonNull(code, "code");
    this.hint = hint == null ? code.hint() : hint;
  }

  public ErrorCode code() {
    return code;
  }

  public String hint() {
    return hint;
  }
}
