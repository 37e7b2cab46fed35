package io.kxm.hub.workflow;

/**
 * The three headers of a signed request, as received; the signature is checked and then forgotten.
 *
 * @param deliveryId {@code X-KXM-Delivery}
 * @param timestamp {@code X-KXM-Timestamp}, Unix seconds, or null for an untimestamped signature
 * @param signature {@code X-KXM-Signature}, {@code sha256=<hex>}
 */
record Signed(String deliveryId, String timestamp, String signature, byte[] body) {}
