package io.kxm.hub.lifecycle;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * Runs an action on SIGTERM and SIGINT instead of the JVM's default, which would end the process
 * with status 143 or 130 however cleanly the hub drained. Uses {@code sun.misc.Signal} (module
 * {@code jdk.unsupported}, exported for exactly this) through reflection, so compiling needs no
 * internal API; where it is missing the caller falls back to a shutdown hook.
 */
final class SignalTraps {
  private SignalTraps() {}

  /**
   * @return whether the signals are now trapped
   */
  static boolean trap(Runnable action, String... signals) {
    try {
      Class<?> signalClass = Class.forName("sun.misc.Signal");
      Class<?> handlerClass = Class.forName("sun.misc.SignalHandler");
      InvocationHandler onSignal =
          (Object proxy, Method method, Object[] args) -> {
            if (method.getName().equals("handle")) {
              action.run();
              return null;
            }
            return switch (method.getName()) {
              case "hashCode" -> System.identityHashCode(proxy);
              case "equals" -> proxy == args[0];
              default -> "kxm-hub-signal-handler";
            };
          };
      Object handler =
          Proxy.newProxyInstance(
              SignalTraps.class.getClassLoader(), new Class<?>[] {handlerClass}, onSignal);
      Method handle = signalClass.getMethod("handle", signalClass, handlerClass);
      for (String name : signals) {
        Object signal = signalClass.getConstructor(String.class).newInstance(name);
        handle.invoke(null, signal, handler);
      }
      return true;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return false;
    }
  }
}
