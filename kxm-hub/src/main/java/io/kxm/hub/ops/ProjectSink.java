package io.kxm.hub.ops;

import io.kxm.core.json.Json;
import io.kxm.hub.sse.SseSink;
import java.io.IOException;

/** One project's view of the operations stream: entries of other projects are left out. */
final class ProjectSink implements SseSink {
  private final SseSink inner;
  private final String project;

  ProjectSink(SseSink inner, String project) {
    this.inner = inner;
    this.project = project;
  }

  @Override
  public void event(long seq, String json) throws IOException {
    if (project.equals(Json.read(json).path("project").asString(""))) {
      inner.event(seq, json);
    }
  }

  @Override
  public void control(String name, String json) throws IOException {
    inner.control(name, json);
  }

  @Override
  public void comment(String text) throws IOException {
    inner.comment(text);
  }

  @Override
  public void flush() throws IOException {
    inner.flush();
  }

  @Override
  public void abort() {
    inner.abort();
  }
}
