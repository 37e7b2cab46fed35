package io.kxm.hub.agents;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.Limits;
import java.util.regex.Pattern;

/**
 * What an agent declares when it registers.
 *
 * @param name 1 to 80 letters, digits, '.', '_' or '-'; unique in the project ignoring case
 * @param purpose what it is for, up to 500 characters, or null
 * @param model the model it runs, up to 200 characters, or null
 * @param host a label for the machine it runs on, up to 200 characters, or null
 */
public record AgentProfile(String name, String purpose, String model, String host) {
  public static final int NAME_MAX = 80;
  public static final int PURPOSE_MAX = 500;
  public static final int LABEL_MAX = 200;
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

  public AgentProfile {
    name = Limits.required("name", name, NAME_MAX).strip();
    if (!NAME.matcher(name).matches()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "name '" + name + "' may hold only letters, digits, '.', '_' and '-'");
    }
    purpose = blankToNull(Limits.optional("purpose", purpose, PURPOSE_MAX));
    model = blankToNull(Limits.optional("model", model, LABEL_MAX));
    host = blankToNull(Limits.optional("host", host, LABEL_MAX));
  }

  public static AgentProfile named(String name, String purpose) {
    return new AgentProfile(name, purpose, null, null);
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }
}
