package io.kxm.session.provider;

/** One model provider's streaming API. */
public interface ModelClient {

  /**
   * Makes one streamed call and returns the whole answer once the stream completed.
   *
   * @throws io.kxm.core.error.KxmException {@code provider_failed} when the provider refused the
   *     call, reported an error in the stream, or the stream broke before it completed
   */
  ModelReply complete(ModelRequest request, ModelListener listener);
}
