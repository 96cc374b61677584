#!/bin/sh
# Runs the given command inside a private D-Bus session with an unlocked gnome-keyring of its
# own (a throwaway XDG_DATA_HOME, so parallel runs never share or overwrite a keyring file),
# so keytar talks to a real Secret Service and never touches the user's keychain. Without
# dbus-run-session (e.g. macOS, or a developer machine that already has a keychain session)
# the command runs as it is.
set -e
if [ -n "$DBUS_SESSION_BUS_ADDRESS" ] || ! command -v dbus-run-session >/dev/null 2>&1; then
  exec "$@"
fi
keyring_home=$(mktemp -d "${TMPDIR:-/tmp}/fi-keyring-XXXXXX")
trap 'rm -rf "$keyring_home"' EXIT INT TERM
status=0
XDG_DATA_HOME="$keyring_home" dbus-run-session -- sh -c '
  echo -n field-installer-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  exec "$@"
' sh "$@" || status=$?
exit $status
