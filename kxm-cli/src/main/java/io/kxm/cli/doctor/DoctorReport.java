package io.kxm.cli.doctor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything one {@code kxm doctor} run found, in the order the checks ran. */
public record DoctorReport(List<Finding> findings) {
  public DoctorReport {
    findings = List.copyOf(findings);
  }

  public long count(Severity severity) {
    return findings.stream().filter(f -> f.severity() == severity).count();
  }

  /** 1 when any finding is an error; warnings alone leave it 0, so a script can tell them apart. */
  public int exitCode() {
    return count(Severity.ERROR) > 0 ? 1 : 0;
  }

  /** The findings with a given code, for tests and scripts. */
  public List<Finding> withCode(String code) {
    return findings.stream().filter(f -> f.code().equals(code)).toList();
  }

  /** The {@code --json} shape: counts, then one object per finding. */
  public Map<String, Object> toJson() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("ok", exitCode() == 0);
    out.put("errors", count(Severity.ERROR));
    out.put("warnings", count(Severity.WARN));
    out.put(
        "findings",
        findings.stream()
            .map(f -> {
              Map<String, Object> row = new LinkedHashMap<>();
              row.put("check", f.check());
              row.put("code", f.code());
              row.put("severity", f.severity().wireName());
              row.put("message", f.message());
              row.put("fix", f.fix());
              return row;
            })
            .toList());
    return out;
  }
}
