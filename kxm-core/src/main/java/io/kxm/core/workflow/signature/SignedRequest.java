package io.kxm.core.workflow.signature;

/**
 * A signed webhook or signal as received: what {@link WebhookSignature#verify} checks. Header
 * values are as sent (null when absent); the signature is checked and then forgotten.
 *
 * @param method the HTTP method, {@code POST}
 * @param path the route's path with the workflow or run ID, for example {@link
 *     WebhookSignature#startPath}; no query string and no base-URL prefix
 * @param deliveryId {@code X-KXM-Delivery}
 * @param timestamp {@code X-KXM-Timestamp}, Unix seconds, or null for an untimestamped signature
 * @param signature {@code X-KXM-Signature}, {@code sha256=<hex>}
 * @param body the raw body, byte for byte
 */
public record SignedRequest(
    String method,
    String path,
    String deliveryId,
    String timestamp,
    String signature,
    byte[] body) {}
