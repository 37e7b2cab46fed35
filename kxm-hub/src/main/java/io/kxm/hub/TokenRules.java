package io.kxm.hub;

/** What a configured token must look like; refusals never include the token itself. */
final class TokenRules {
  /** Short tokens can be guessed; 16 characters of a generated token carry ~96 bits. */
  static final int MIN_LENGTH = 16;

  private TokenRules() {}

  static String check(String name, String token) {
    if (token.length() < MIN_LENGTH) {
      throw EnvReader.invalid(name, "must be at least " + MIN_LENGTH + " characters long");
    }
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (c <= ' ' || c == ',' || c >= 127) {
        throw EnvReader.invalid(name, "may hold only visible ASCII characters other than a comma");
      }
    }
    return token;
  }
}
