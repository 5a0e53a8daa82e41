#!/usr/bin/env sh
# Sets up the Acme tenant (examples/tenant.yaml) with the nimbus CLI: log in, show the plan,
# apply it. Running it again creates nothing (apply matches resources by name, never deletes);
# it only sends the cameras' RTSP passwords again, which the server never shows back to compare.
#
#   npm start                                  # in another terminal: the demo server
#   npm run tenant -w @nimbus/examples
#
# Environment: NIMBUS_BASE_URL (default http://127.0.0.1:4010), NIMBUS_EMAIL and NIMBUS_PASSWORD
# (default: the demo user), NIMBUS_CONFIG (where the CLI keeps the login; default
# ~/.config/nimbus/config.json). The password goes to `login --password-stdin` through a pipe
# (printf is a shell builtin): never on a command line, where `ps` and shell history show it.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
export NIMBUS_BASE_URL="${NIMBUS_BASE_URL:-http://127.0.0.1:4010}"
nimbus=${NIMBUS_CLI:-nimbus}

printf '%s' "${NIMBUS_PASSWORD:-nimbus-demo-123}" |
  $nimbus login --email "${NIMBUS_EMAIL:-demo@nimbus.dev}" --password-stdin
$nimbus apply -f "$here/tenant.yaml" --dry-run
$nimbus apply -f "$here/tenant.yaml"
