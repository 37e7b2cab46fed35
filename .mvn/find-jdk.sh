# Finds a JDK 21 or newer and exports JAVA_HOME for it. Sourced by ./kxm and ./mvnw.
# Order: JAVA_HOME, then `java` on PATH, then the system's standard JVM folders.
# Sets KXM_JDK_FOUND=1 when one was found; leaves JAVA_HOME alone otherwise.

kxm_java_major() {
  # Prints the feature version of the java binary given, or nothing. A JDK's release file names it
  # without starting a JVM, which every kxm command would otherwise pay; a layout without one is
  # asked directly. (Java 8 reads as 1 there, which is below 21 either way.)
  kxm_release="$(dirname "$(dirname "$1")")/release"
  if [ -f "$kxm_release" ]; then
    kxm_major=$(sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$kxm_release" | head -n 1)
    if [ -n "$kxm_major" ]; then
      echo "$kxm_major"
      return
    fi
  fi
  "$1" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

kxm_try_home() {
  [ -n "$1" ] && [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 1
  major=$(kxm_java_major "$1/bin/java")
  [ -n "$major" ] && [ "$major" -ge 21 ] || return 1
  JAVA_HOME="$1"
  export JAVA_HOME
  KXM_JDK_FOUND=1
  return 0
}

KXM_JDK_FOUND=0
if ! kxm_try_home "${JAVA_HOME-}"; then
  path_java=$(command -v java 2>/dev/null || true)
  if [ -n "$path_java" ]; then
    path_home=$(dirname "$(dirname "$(readlink -f "$path_java")")")
    kxm_try_home "$path_home" || true
  fi
fi
if [ "$KXM_JDK_FOUND" != 1 ]; then
  # Newest first, so a machine with several JDKs builds with the newest.
  # find, not a glob: the caller may run with globbing off (set -f).
  for candidate in $( (find /usr/lib/jvm /usr/java /opt/java -mindepth 1 -maxdepth 1 2>/dev/null;
      find /Library/Java/JavaVirtualMachines -mindepth 3 -maxdepth 3 -name Home 2>/dev/null) | sort -rV); do
    if kxm_try_home "$candidate"; then break; fi
  done
fi
