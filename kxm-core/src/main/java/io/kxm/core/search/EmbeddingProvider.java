package io.kxm.core.search;

import java.util.List;

/** Turns texts into vectors of one model, for {@link VectorIndex} and {@link Retrieval}. */
public interface EmbeddingProvider {

  /** The model's name; vectors of different models are never compared. */
  String model();

  /**
   * One vector per text, in order.
   *
   * @throws io.kxm.core.error.KxmException {@code vector_retrieval_unavailable} when the provider
   *     cannot answer, naming the endpoint and the failure (never the key)
   */
  List<float[]> embed(List<String> texts);
}
