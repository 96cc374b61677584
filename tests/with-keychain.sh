#!/bin/sh
# Runs the given command inside a private D-Bus session with an unlocked gnome-keyring of its
# own (a throwaway XDG_DATA_HOME, so parallel runs never share or overwrite a keyring file),
# so keytar talks to a real Secret Service and never touches the user's keychain. Always a new
# session, also where DBUS_SESSION_BUS_ADDRESS is set (every desktop terminal): that address is
# the developer's own keyring. Started by tests/with-keychain.mjs, which uses a throwaway
# service name instead where these tools are missing; run directly without them, it refuses.
set -e
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keychain.sh: $tool is missing; run the tests through 'node tests/with-keychain.mjs'" >&2
    exit 127
  fi
done
keyring_home=$(mktemp -d "${TMPDIR:-/tmp}/fi-keyring-XXXXXX")
trap 'rm -rf "$keyring_home"' EXIT INT TERM
status=0
# FIELD_INSTALLER_PRIVATE_KEYRING tells the tests inside that the keyring is this run's own, so
# they may keep apart by service name rather than start a session each (tests/e2e/fixtures.ts).
XDG_DATA_HOME="$keyring_home" FIELD_INSTALLER_PRIVATE_KEYRING=1 dbus-run-session -- sh -c '
  echo -n field-installer-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  exec "$@"
' sh "$@" || status=$?
exit $status
