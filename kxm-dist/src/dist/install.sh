#!/bin/sh
# Installs this unpacked kxm distribution for the current user, without root: a copy of this folder
# under the install folder, named by its version, a `current` link to it, and a `kxm` link in the
# bin folder. Running it again, or the script of a newer version, replaces that version's copy and
# moves both links; older versions stay until removed.
set -eu

src=$(cd "$(dirname "$0")" && pwd -P)
if [ ! -f "$src/share/kxm/VERSION" ] || [ ! -f "$src/lib/kxm.jar" ]; then
  echo "install.sh: $src is not an unpacked kxm distribution (no share/kxm/VERSION or lib/kxm.jar)." >&2
  exit 1
fi
version=$(cat "$src/share/kxm/VERSION")

if [ -z "${KXM_INSTALL_DIR:-}" ] || [ -z "${KXM_BIN_DIR:-}" ]; then
  if [ -z "${HOME:-}" ]; then
    echo "install.sh: HOME is not set; set it, or set both KXM_INSTALL_DIR and KXM_BIN_DIR." >&2
    exit 1
  fi
fi
install_dir=${KXM_INSTALL_DIR:-$HOME/.local/share/kxm}
bin_dir=${KXM_BIN_DIR:-$HOME/.local/bin}
target="$install_dir/$version"

usage() {
  cat <<USAGE
Usage: ./install.sh [--dry-run] [--help]

Installs kxm $version for this user, without root:
  $target
      a copy of this folder (set KXM_INSTALL_DIR to move $install_dir)
  $install_dir/current
      a link to the version installed last
  $bin_dir/kxm
      a link to current/bin/kxm (set KXM_BIN_DIR to move $bin_dir)
Running it again, or the install.sh of a newer version, is safe: it replaces that version's copy
and moves both links. kxm needs a JDK 21 or newer (JAVA_HOME, java on PATH, or /usr/lib/jvm).

  --dry-run   print what it would do, change nothing
  --help      print this help
USAGE
}

dry=0
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry=1 ;;
    --help|-h) usage; exit 0 ;;
    *) echo "install.sh: unknown option '$arg' (see ./install.sh --help)" >&2; exit 2 ;;
  esac
done

for dir in "$install_dir" "$bin_dir"; do
  case "$dir" in
    /*) ;;
    *) echo "install.sh: '$dir' is not an absolute path; KXM_INSTALL_DIR and KXM_BIN_DIR must be." >&2
       exit 2 ;;
  esac
done

# The JDK the installed kxm will find, looked for the same way bin/kxm looks.
if [ -x "$src/runtime/bin/java" ]; then
  java_found="the runtime image bundled in $target/runtime"
else
  . "$src/lib/find-jdk.sh"
  if [ "$KXM_JDK_FOUND" != 1 ]; then
    cat >&2 <<NOJDK
install.sh: kxm needs a JDK 21 or newer and found none (looked at JAVA_HOME, java on PATH,
/usr/lib/jvm, /usr/java, /opt/java). Nothing was installed.
Install one, then run ./install.sh again:
  Debian/Ubuntu:  sudo apt-get install openjdk-21-jdk
  Fedora/RHEL:    sudo dnf install java-21-openjdk-devel
  macOS:          brew install openjdk@21
  any system:     Temurin 21 or newer from https://adoptium.net
or point JAVA_HOME at a JDK 21+ you already have.
NOJDK
    exit 3
  fi
  java_found="the JDK at $JAVA_HOME"
fi

# Never replace a kxm that is not a link: it was put there by something else.
if [ -e "$bin_dir/kxm" ] && [ ! -L "$bin_dir/kxm" ]; then
  echo "install.sh: $bin_dir/kxm exists and is not a link; move it away (or set KXM_BIN_DIR), then run ./install.sh again. Nothing was installed." >&2
  exit 4
fi

if [ "$dry" = 1 ]; then
  echo "Installing kxm $version, dry run: nothing is changed."
  will="would"
else
  echo "Installing kxm $version for this user:"
  will="will"
fi

# 1. The copy of this tree, built under a temporary name and renamed into place.
if [ -d "$target" ] && [ "$(cd "$target" && pwd -P)" = "$src" ]; then
  echo "  $target: already this folder, left as it is"
elif [ "$dry" = 1 ]; then
  if [ -e "$target" ]; then
    echo "  would replace $target with a copy of $src"
  else
    echo "  would copy $src to $target"
  fi
else
  mkdir -p "$install_dir"
  staging="$install_dir/.kxm-$version.$$"
  rm -rf "$staging"
  trap 'rm -rf "$staging"' EXIT
  cp -R "$src/." "$staging"
  rm -f "$staging/lib/kxm.jsa" "$staging/lib/kxm-hub.aot" "$staging/lib/kxm-runtime.aot"
  if [ -e "$target" ]; then
    rm -rf "$target"
    echo "  replaced $target with a copy of $src"
  else
    echo "  copied $src to $target"
  fi
  mv "$staging" "$target"
  trap - EXIT
fi

# 2. current -> <version>, relative, so the install folder can move as a whole.
if [ "$dry" = 1 ]; then
  echo "  would point $install_dir/current at $version"
else
  ln -sfn "$version" "$install_dir/current"
  echo "  pointed $install_dir/current at $version"
fi

# 3. The command on PATH, through current, so an upgrade moves it too.
if [ "$dry" = 1 ]; then
  echo "  would link $bin_dir/kxm to $install_dir/current/bin/kxm"
else
  mkdir -p "$bin_dir"
  ln -sfn "$install_dir/current/bin/kxm" "$bin_dir/kxm"
  echo "  linked $bin_dir/kxm to $install_dir/current/bin/kxm"
fi

echo "kxm $version $will run on $java_found."

others=""
for dir in "$install_dir"/*; do
  name=${dir##*/}
  if [ -d "$dir" ] && [ ! -L "$dir" ] && [ "$name" != "$version" ] && [ -f "$dir/share/kxm/VERSION" ]; then
    others="$others $name"
  fi
done
if [ -n "$others" ]; then
  echo "Other versions kept in $install_dir:$others (remove one with rm -rf $install_dir/<version>)."
fi

case ":${PATH:-}:" in
  *":$bin_dir:"*)
    echo "Run: kxm --version" ;;
  *)
    echo "$bin_dir is not on PATH. Add this line to ~/.profile (or your shell's startup file) and open a new shell:"
    # The PATH in the line is for the shell that reads it, not expanded here.
    # shellcheck disable=SC2016
    printf '  export PATH="%s:$PATH"\n' "$bin_dir"
    echo "Then run: kxm --version" ;;
esac
