package io.kxm.core.workflow.signature;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.workflow.WorkflowLimits;

/** The {@code X-KXM-Delivery} value that de-duplicates a sender's retries. */
public final class DeliveryIds {
  private DeliveryIds() {}

  /**
   * @throws KxmException {@code INVALID_DELIVERY_ID} unless 1 to 128 printable ASCII characters
   */
  public static String require(String deliveryId) {
    if (deliveryId == null
        || deliveryId.isEmpty()
        || deliveryId.length() > WorkflowLimits.ID_MAX
        || !deliveryId.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
      throw new KxmException(
          ErrorCode.INVALID_DELIVERY_ID,
          "X-KXM-Delivery must be 1 to " + WorkflowLimits.ID_MAX + " printable ASCII characters");
    }
    return deliveryId;
  }
}
