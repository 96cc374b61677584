#!/bin/sh
# Runs the given command inside a private D-Bus session with an unlocked gnome-keyring,
# so keytar talks to a real Secret Service. Without dbus-run-session (e.g. macOS, or a
# developer machine that already has a keychain) the command runs as it is.
set -e
if [ -n "$DBUS_SESSION_BUS_ADDRESS" ] || ! command -v dbus-run-session >/dev/null 2>&1; then
  exec "$@"
fi
exec dbus-run-session -- sh -c '
  echo -n field-installer-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  exec "$@"
' sh "$@"
