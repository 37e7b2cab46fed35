package io.kxm.cli.session;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** {@code 90s}, {@code 30m}, {@code 8h}, {@code 7d} or ISO-8601 ({@code PT1H}); 1 s to 365 days. */
public final class TtlConverter implements CommandLine.ITypeConverter<Duration> {
  static final Duration MAX = Duration.ofDays(365);
  private static final Pattern SHORT = Pattern.compile("(\\d{1,9})\\s*([smhd])");

  @Override
  public Duration convert(String value) {
    Duration ttl = parse(value.strip());
    if (ttl.compareTo(Duration.ofSeconds(1)) < 0 || ttl.compareTo(MAX) > 0) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is outside 1s to " + MAX.toDays() + "d");
    }
    return ttl;
  }

  private static Duration parse(String value) {
    Matcher m = SHORT.matcher(value);
    if (m.matches()) {
      long n = Long.parseLong(m.group(1));
      return switch (m.group(2)) {
        case "s" -> Duration.ofSeconds(n);
        case "m" -> Duration.ofMinutes(n);
        case "h" -> Duration.ofHours(n);
        default -> Duration.ofDays(n);
      };
    }
    try {
      return Duration.parse(value);
    } catch (DateTimeParseException e) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not a duration like 90s, 30m, 8h, 7d or PT1H");
    }
  }
}
