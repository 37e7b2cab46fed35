package io.kxm.store.jdbc;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import org.sqlite.SQLiteException;

/**
 * The one place where a {@link SQLException} becomes a {@link KxmException}. Every message names
 * the store and what was being done (with ids), never parameter values, which may hold request
 * bodies.
 */
public final class SqlErrors {
  private SqlErrors() {}

  /**
   * @param store the store's description, see {@code StoreConfig.describe()}
   * @param doing what failed, with ids, for example {@code "reply to message msg_…"}
   */
  public static KxmException translate(SQLException e, String store, String doing) {
    ErrorCode code = e instanceof SQLiteException lite ? sqlite(lite) : postgres(e);
    String message = doing + " failed on " + store + ": " + firstLine(e.getMessage());
    return new KxmException(code, message, e);
  }

  /**
   * For the runtime's files, whose callers tell a full disk and a damaged file apart from every
   * other failure, which becomes {@code otherwise} (such as {@code RUNTIME_STORE_FAILED}).
   */
  public static KxmException translate(
      SQLException e, String store, String doing, ErrorCode otherwise) {
    ErrorCode code = e instanceof SQLiteException lite ? sqlite(lite) : ErrorCode.INTERNAL;
    if (code != ErrorCode.STORE_FULL && code != ErrorCode.STORE_CORRUPT) {
      code = otherwise;
    }
    String message = doing + " failed on " + store + ": " + firstLine(e.getMessage());
    return new KxmException(code, message, e);
  }

  /** Whether running the transaction again may succeed: a deadlock or serialization failure. */
  public static boolean retryable(Throwable e) {
    return e instanceof SQLException sql
        && ("40001".equals(sql.getSQLState()) || "40P01".equals(sql.getSQLState()));
  }

  private static ErrorCode sqlite(SQLiteException e) {
    int primary = e.getResultCode().code & 0xff;
    return switch (primary) {
      case 11, 26 -> ErrorCode.STORE_CORRUPT; // SQLITE_CORRUPT, SQLITE_NOTADB
      case 13 -> ErrorCode.STORE_FULL; // SQLITE_FULL
      case 19 -> ErrorCode.STORE_CONFLICT; // SQLITE_CONSTRAINT
      case 5, 6, 8, 10, 14 ->
          ErrorCode.STORE_UNAVAILABLE; // BUSY, LOCKED, READONLY, IOERR, CANTOPEN
      default -> ErrorCode.INTERNAL;
    };
  }

  private static ErrorCode postgres(SQLException e) {
    if (e instanceof SQLTransientConnectionException
        || e instanceof SQLNonTransientConnectionException) {
      return ErrorCode.STORE_UNAVAILABLE;
    }
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    if (state.equals("53100")) {
      return ErrorCode.STORE_FULL;
    }
    if (state.startsWith("23") || retryable(e)) {
      return ErrorCode.STORE_CONFLICT;
    }
    // connection, resources, shutdown, missing database, authentication, missing table
    if (state.startsWith("08")
        || state.startsWith("53")
        || state.startsWith("57P")
        || state.equals("3D000")
        || state.startsWith("28")
        || state.equals("42P01")) {
      return ErrorCode.STORE_UNAVAILABLE;
    }
    return ErrorCode.INTERNAL;
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "no detail";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
