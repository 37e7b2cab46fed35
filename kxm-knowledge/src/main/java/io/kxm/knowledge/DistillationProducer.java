package io.kxm.knowledge;

/**
 * Condenses the material of one {@link DistillationRequest} into a bundle's text: a simulated
 * producer in tests, a model through any harness in real use (given {@link
 * DistillationRequest#prompt()}).
 */
@FunctionalInterface
public interface DistillationProducer {
  /** The bundle text, at most 32,000 characters. */
  String distill(DistillationRequest request) throws Exception;

  /** Stored as the author of the distillation entries it writes. */
  default String name() {
    return "distiller";
  }
}
