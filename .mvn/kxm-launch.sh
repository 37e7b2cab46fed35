# What every kxm launcher shares once find-jdk.sh has run: the refusal when no JDK 21+ was found,
# and the start of the CLI jar with the options that suit the command. Sourced by the checkout's
# ./kxm and by bin/kxm of the distribution (which carries this file in its lib/ folder).

# Exits with a message naming how to get a JDK when find-jdk.sh found none. $1 names the caller.
kxm_require_jdk() {
  if [ "${KXM_JDK_FOUND:-0}" != 1 ]; then
    echo "$1: needs a JDK 21 or newer and found none (looked at JAVA_HOME, java on PATH, /usr/lib/jvm)." >&2
    echo "$1: install one (Debian/Ubuntu: apt-get install openjdk-21-jdk; or Temurin 21+ from adoptium.net) or set JAVA_HOME." >&2
    exit 1
  fi
}

# Runs the jar $1 with the arguments after $2, on $JAVA_HOME/bin/java; never returns. $2 is where the
# jar's class-data archive is kept (written beside the jar when its folder is writable).
kxm_exec() {
  kxm_jar=$1
  kxm_cds=$2
  shift 2

  # Short commands start fastest on the client compiler with a small heap; servers get the defaults.
  kxm_quick="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
  case "${1:-}" in
    up|hub|mcp|runtime|agent) kxm_opts="" ;;
    *) kxm_opts="$kxm_quick" ;;
  esac

  # A class-data archive of the CLI's own classes roughly halves the start of a short command. One
  # training run per jar writes it beside the jar, to a temporary name that is renamed when
  # complete, so no command ever reads half an archive; a JVM that cannot use it (another JDK, a
  # damaged file) starts without it. Nothing here may fail the command, so every step tolerates
  # failure.
  kxm_cds_quiet="-Xlog:cds=off -Xlog:cds+dynamic=off -Xlog:aot=off"
  if [ -n "$kxm_opts" ] && [ "${KXM_CDS:-1}" != 0 ]; then
    if { [ ! -f "$kxm_cds" ] || [ "$kxm_jar" -nt "$kxm_cds" ]; } && [ -w "$(dirname "$kxm_jar")" ]; then
      kxm_training="$kxm_cds.$$.tmp"
      kxm_training_home=$(mktemp -d)
      # The training command goes the way most commands go (options, a hub call over HTTP, JSON, an
      # error answer) against a port nothing listens on, with its state in a throwaway folder.
      # shellcheck disable=SC2086
      KXM_STATE_HOME="$kxm_training_home" KXM_SERVER_URL=http://127.0.0.1:9 KXM_PROJECT=training \
        KXM_AUTH_TOKEN=training KXM_AGENT_NAME=training \
        "$JAVA_HOME/bin/java" $kxm_quick -XX:ArchiveClassesAtExit="$kxm_training" $kxm_cds_quiet \
        -jar "$kxm_jar" peer list --json >/dev/null 2>&1 || true
      rm -rf "$kxm_training_home"
      if [ -s "$kxm_training" ]; then
        mv -f "$kxm_training" "$kxm_cds" 2>/dev/null || rm -f "$kxm_training"
      else
        rm -f "$kxm_training"
      fi
    fi
    if [ -f "$kxm_cds" ]; then
      kxm_opts="$kxm_opts -XX:SharedArchiveFile=$kxm_cds $kxm_cds_quiet"
    fi
  fi

  # shellcheck disable=SC2086
  exec "$JAVA_HOME/bin/java" $kxm_opts ${KXM_JAVA_OPTS:-} -jar "$kxm_jar" "$@"
}
