package io.kxm.store.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * A connection that keeps the statements it prepares: {@code prepareStatement(sql)} lends one from
 * a {@link StatementCache}, and closing it hands it back, parameters and batch cleared. It serves
 * code written against plain JDBC, a statement per try-with-resources, so that such code stops
 * paying SQLite's prepare on every call without being rewritten around {@link Jdbc}. Only for a
 * connection used by one thread at a time, as {@link StatementCache} is.
 */
public final class ReusedStatements {
  private ReusedStatements() {}

  /** {@code connection}, keeping up to {@code capacity} statements; closing it closes them. */
  public static Connection on(Connection connection, int capacity) {
    StatementCache cache = new StatementCache(connection, capacity);
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.getName().equals("prepareStatement")
              && args != null
              && args.length == 1
              && args[0] instanceof String sql) {
            return lent(cache, sql, cache.take(sql));
          }
          if (method.getName().equals("close") && method.getParameterCount() == 0) {
            cache.close();
          }
          return invoke(connection, method, args);
        };
    return (Connection)
        Proxy.newProxyInstance(
            ReusedStatements.class.getClassLoader(), new Class<?>[] {Connection.class}, handler);
  }

  private static PreparedStatement lent(StatementCache cache, String sql, PreparedStatement lent) {
    InvocationHandler handler =
        new InvocationHandler() {
          private boolean returned;
          private boolean failed;

          @Override
          public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            switch (method.getName()) {
              case "close" -> {
                if (!returned) {
                  returned = true;
                  cache.release(sql, lent, failed);
                }
                return null;
              }
              case "isClosed" -> {
                return returned || lent.isClosed();
              }
              default -> {
                if (returned) {
                  throw new SQLException("statement used after it was closed: " + sql);
                }
                try {
                  return ReusedStatements.invoke(lent, method, args);
                } catch (SQLException e) {
                  failed = true; // a statement that failed is not lent again
                  throw e;
                }
              }
            }
          }
        };
    return (PreparedStatement)
        Proxy.newProxyInstance(
            ReusedStatements.class.getClassLoader(),
            new Class<?>[] {PreparedStatement.class},
            handler);
  }

  private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
