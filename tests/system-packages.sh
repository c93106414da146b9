#!/usr/bin/env sh
# The Debian packages the test suite runs for real: Chromium (the browser tests), PostgreSQL (the shared store; the
# tests start a throwaway cluster of their own) and nginx (the reverse proxy in front of several servers).
# Installs only what is missing; as root with apt-get, otherwise through sudo.
set -eu
missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$missing postgresql"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx"
[ -z "$missing" ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq $missing >/dev/null
