package io.kxm.hub.lifecycle;

import io.kxm.core.error.ErrorCode;
import io.kxm.hub.http.ErrorEnvelope;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Errors Jetty raises before a request reaches a route (a malformed request line, headers too
 * large) in the hub's error envelope rather than Jetty's HTML page. Never a stack trace.
 */
final class JsonErrorHandler extends ErrorHandler {

  @Override
  protected void generateResponse(
      Request request,
      Response response,
      int status,
      String message,
      Throwable cause,
      Callback callback) {
    byte[] body = body(status, message);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, ErrorEnvelope.CONTENT_TYPE);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  // Deprecated for removal in Jetty 12.1, yet still what Jetty calls for a request it cannot parse.
  @SuppressWarnings({"deprecation", "removal"})
  @Override
  public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
    fields.put(HttpHeader.CONTENT_TYPE, ErrorEnvelope.CONTENT_TYPE);
    return ByteBuffer.wrap(body(status, reason));
  }

  private static byte[] body(int status, String message) {
    ErrorCode code = ErrorEnvelope.codeForStatus(status);
    // A 5xx message may quote an exception; the hub log is the place for that.
    String text =
        status >= 500 || message == null || message.isBlank()
            ? "HTTP " + status + " before the request reached a route"
            : message;
    return ErrorEnvelope.bytes(code, text, code.hint());
  }
}
