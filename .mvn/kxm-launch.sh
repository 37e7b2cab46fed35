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
  # `kxm hub status` and the like are short commands too: only what starts a server is one.
  kxm_quick="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
  kxm_server=""
  case "${1:-}" in
    up|mcp|agent) kxm_opts="" ;;
    hub|runtime)
      case "${2:-}" in
        start|serve) kxm_opts="" ; kxm_server="$1" ;;
        *) kxm_opts="$kxm_quick" ;;
      esac ;;
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

  if [ -n "$kxm_server" ] && [ "${KXM_CDS:-1}" != 0 ]; then
    kxm_aot_opts=$(kxm_server_cache "$kxm_jar" "${kxm_cds%.jsa}-$kxm_server.aot" "$kxm_server")
    kxm_opts="$kxm_opts $kxm_aot_opts"
    # A server started in the background is a child of this JVM: it takes the same options.
    KXM_SERVER_JAVA_OPTS="$kxm_aot_opts"
    export KXM_SERVER_JAVA_OPTS
  fi

  # shellcheck disable=SC2086
  exec "$JAVA_HOME/bin/java" $kxm_opts ${KXM_JAVA_OPTS:-} -jar "$kxm_jar" "$@"
}

# Prints the JVM options that start the server $3 (hub or runtime) of jar $1 from its ahead-of-time
# cache $2, training the cache first when it is missing or older than the jar; prints nothing on a
# JDK before 25, which has no such cache, or when training fails. The cache holds the classes a
# start loads and links (and, on JDK 25, the profiles of its first methods), so a server answers
# in about half the time. Training starts the server once in a throwaway folder, waits until it
# prints its address, stops it with SIGTERM, and the JVM writes the cache as it exits; a temporary
# name renamed when complete means no start ever reads half a cache.
kxm_server_cache() {
  # The JDK's release file names its version without starting a JVM.
  kxm_major=$(sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$JAVA_HOME/release" 2>/dev/null |
    head -n 1)
  if [ -z "$kxm_major" ] || [ "$kxm_major" -lt 25 ]; then
    return 0
  fi
  kxm_aot_quiet="-Xlog:aot=off -Xlog:cds=off"
  if { [ ! -f "$2" ] || [ "$1" -nt "$2" ]; } && [ -w "$(dirname "$2")" ]; then
    echo "kxm: preparing the $3's start-up cache for this build (once, a few seconds)..." >&2
    kxm_train=$(mktemp -d)
    kxm_out="$kxm_train/out"
    (
      cd "$kxm_train" &&
        exec env KXM_STATE_HOME="$kxm_train/state" KXM_DATA_PATH="$kxm_train/kxm.db" \
          KXM_LOGS_DIR="$kxm_train/logs" KXM_AUTH_TOKEN=kxm_training_token_0123456789abcdef \
          "$JAVA_HOME/bin/java" -XX:AOTCacheOutput="$2.$$.tmp" $kxm_aot_quiet -jar "$1" \
          "$3" start --foreground >"$kxm_out" 2>&1
    ) &
    kxm_pid=$!
    kxm_waited=0
    while [ "$kxm_waited" -lt 600 ] && kill -0 "$kxm_pid" 2>/dev/null &&
        ! grep -q "http://127.0.0.1:" "$kxm_out" 2>/dev/null; do
      sleep 0.1
      kxm_waited=$((kxm_waited + 1))
    done
    kill -TERM "$kxm_pid" 2>/dev/null || true
    wait "$kxm_pid" 2>/dev/null || true
    if [ -s "$2.$$.tmp" ]; then
      mv -f "$2.$$.tmp" "$2" 2>/dev/null || rm -f "$2.$$.tmp"
    else
      rm -f "$2.$$.tmp"
    fi
    rm -rf "$kxm_train"
  fi
  if [ -f "$2" ]; then
    echo "-XX:AOTCache=$2 $kxm_aot_quiet"
  fi
}
