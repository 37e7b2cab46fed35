package io.kxm.hub.log;

/**
 * What the log keeps of one request. There is deliberately no field for the body, the query string
 * or any header: those may carry secrets.
 *
 * @param requestId the {@code X-Request-Id} sent back
 * @param method HTTP method
 * @param route the route template such as {@code /v1/runs/{id}}, or {@code unmatched}
 * @param status the response status
 * @param millis time from the first byte handled to the response written
 * @param principal {@code admin}, {@code project} or {@code none}
 */
public record RequestRecord(
    String requestId, String method, String route, int status, double millis, String principal) {}
