package io.kxm.hub.http;

import io.kxm.core.id.Ids;
import java.time.Clock;
import java.util.regex.Pattern;

/**
 * Request ids: a proxy's {@code X-Request-Id} is kept when it is short and plain, so one id follows
 * a call across systems; anything else is replaced, since it lands in the log.
 */
public final class RequestIds {
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9._:-]{8,64}");

  private RequestIds() {}

  public static String accept(String inbound, Clock clock) {
    return inbound != null && SAFE.matcher(inbound).matches() ? inbound : Ids.next("req", clock);
  }
}
