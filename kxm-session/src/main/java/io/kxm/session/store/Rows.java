package io.kxm.session.store;

import io.kxm.core.json.Json;
import io.kxm.core.stream.CompactJson;
import io.kxm.session.api.EncodedEvent;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The column lists of the session store's tables and how a row becomes a record. */
final class Rows {
  /** The columns a new session is written with. */
  static final String SESSION = "id, workspace_root, harness, model, created_at, last_active_at";

  /** The columns a session is read with: {@link #SESSION}, then when it was closed. */
  static final String SESSION_READ = SESSION + ", closed_at";

  static final String RUN =
      "id, session_id, prompt, status, resumed_from, outcome, error, final_message, created_at,"
          + " started_at, finished_at";
  static final String INTERACTION =
      "id, session_id, run_id, kind, status, request, answer, created_at, resolved_at";
  static final String EVENT = "seq, session_id, run_id, type, at, data";
  static final String MESSAGE = "idx, run_id, role, content, at";

  /**
   * Times are stored with a fixed width (nanoseconds, UTC) so that ordering by the text orders by
   * time; {@link Instant#toString()} drops trailing zero digits and would not.
   */
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

  private Rows() {}

  static String time(Instant at) {
    return at == null ? null : TIME.format(at);
  }

  interface Mapper<T> {
    T map(ResultSet rs) throws SQLException;
  }

  static <T> List<T> all(ResultSet rs, Mapper<T> mapper) throws SQLException {
    List<T> out = new ArrayList<>();
    while (rs.next()) {
      out.add(mapper.map(rs));
    }
    return out;
  }

  static Session session(ResultSet rs) throws SQLException {
    return new Session(
        rs.getString(1),
        rs.getString(2),
        harness(rs.getString(3)),
        rs.getString(4),
        instant(rs.getString(5)),
        instant(rs.getString(6)),
        instant(rs.getString(7)));
  }

  static SessionRun run(ResultSet rs) throws SQLException {
    return new SessionRun(
        rs.getString(1),
        rs.getString(2),
        rs.getString(3),
        SessionRunStatus.fromWire(rs.getString(4)),
        rs.getString(5),
        rs.getString(6),
        rs.getString(7),
        rs.getString(8),
        instant(rs.getString(9)),
        instant(rs.getString(10)),
        instant(rs.getString(11)));
  }

  static Interaction interaction(ResultSet rs) throws SQLException {
    return new Interaction(
        rs.getString(1),
        rs.getString(2),
        rs.getString(3),
        rs.getString(4),
        rs.getString(5),
        json(rs.getString(6)),
        json(rs.getString(7)),
        instant(rs.getString(8)),
        instant(rs.getString(9)));
  }

  static SessionEvent event(ResultSet rs) throws SQLException {
    return new SessionEvent(
        rs.getLong(1),
        rs.getString(2),
        rs.getString(3),
        rs.getString(4),
        instant(rs.getString(5)),
        Json.read(rs.getString(6)));
  }

  /**
   * The event's envelope written around its stored data text, with the fields in the order and form
   * {@code EventEnvelope} gives them; the data text is what the mapper wrote on append.
   */
  static EncodedEvent encodedEvent(ResultSet rs) throws SQLException {
    long seq = rs.getLong(1);
    String runId = rs.getString(3);
    String type = rs.getString(4);
    String data = rs.getString(6);
    StringBuilder out = new StringBuilder(96 + (data == null ? 2 : data.length()));
    out.append("{\"seq\":").append(seq).append(",\"sessionId\":");
    CompactJson.appendString(out, rs.getString(2));
    out.append(",\"runId\":");
    if (runId == null) {
      out.append("null");
    } else {
      CompactJson.appendString(out, runId);
    }
    out.append(",\"type\":");
    CompactJson.appendString(out, type);
    out.append(",\"at\":");
    CompactJson.appendString(out, instant(rs.getString(5)).toString());
    out.append(",\"data\":").append(data == null ? "{}" : data).append('}');
    return new EncodedEvent(seq, type, out.toString());
  }

  static SessionMessage message(ResultSet rs) throws SQLException {
    return new SessionMessage(
        rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), instant(rs.getString(5)));
  }

  static String harnessJson(HarnessSpec harness) {
    ObjectNode out = Json.object();
    out.put("type", harness.type());
    harness.argv().forEach(out.putArray("argv")::add);
    return Json.write(out);
  }

  private static HarnessSpec harness(String text) {
    JsonNode node = Json.read(text);
    List<String> argv = new ArrayList<>();
    node.path("argv").forEach(a -> argv.add(a.asString()));
    return new HarnessSpec(node.path("type").asString(), argv);
  }

  private static JsonNode json(String text) {
    return text == null ? null : Json.read(text);
  }

  private static Instant instant(String text) {
    if (text == null) {
      return null;
    }
    Instant fast = fixedWidth(text);
    return fast != null ? fast : Instant.parse(text);
  }

  /**
   * Reads the fixed-width form {@link #time} writes ({@code 2026-11-30T20:09:40.123456789Z})
   * without the general ISO parser, which costs more than the rest of reading a replayed event;
   * null when the text has another shape.
   */
  static Instant fixedWidth(String text) {
    if (text.length() != 30
        || text.charAt(4) != '-'
        || text.charAt(7) != '-'
        || text.charAt(10) != 'T'
        || text.charAt(13) != ':'
        || text.charAt(16) != ':'
        || text.charAt(19) != '.'
        || text.charAt(29) != 'Z') {
      return null;
    }
    int year = digits(text, 0, 4);
    int month = digits(text, 5, 7);
    int day = digits(text, 8, 10);
    int hour = digits(text, 11, 13);
    int minute = digits(text, 14, 16);
    int second = digits(text, 17, 19);
    int nanos = digits(text, 20, 29);
    if ((year | month | day | hour | minute | second | nanos) < 0
        || month < 1
        || month > 12
        || day < 1
        || day > java.time.YearMonth.of(year, month).lengthOfMonth()
        || hour > 23
        || minute > 59
        || second > 59) {
      return null;
    }
    long epochDay = java.time.LocalDate.of(year, month, day).toEpochDay();
    return Instant.ofEpochSecond(epochDay * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
  }

  /** The decimal number in {@code text[from, to)}, or -1 when a character is not a digit. */
  private static int digits(String text, int from, int to) {
    int value = 0;
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }
}
