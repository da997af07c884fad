#!/bin/bash
# Idle resident memory of the built server (npm run build first; DIST_DIR=dir for another build), started as
# `npm start` starts it (the environment and Node flags of package.json's start script) with the given
# variables: waits for /api/health, idles 5 s and prints VmRSS, its anonymous and file-backed parts
# (/proc/<pid>/status) and the load average. SAMPLES=n starts it n times; PORT (default 4577) picks the port.
# Examples:
#   bench/rss-idle.sh pglite DATA_DIR=/tmp/rss-data SEED_SCALE=0
#   SAMPLES=3 bench/rss-idle.sh postgres DATABASE_URL=postgres://postgres@127.0.0.1:5432/test DATABASE_SCHEMA=rss_probe SEED_SCALE=0

cd "$(dirname "$0")/.."
label=$1; shift
port=${PORT:-4577}
dist=${DIST_DIR:-dist}
start=$(node_modules/.bin/node -p "require('./package.json').scripts.start")
command=${start//dist\//$dist/}
for sample in $(seq 1 "${SAMPLES:-1}"); do
  env "$@" PATH="$PWD/node_modules/.bin:$PATH" PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn bash -c "exec env $command" > /tmp/rss-server.log 2>&1 &
  pid=$!
  for i in $(seq 1 600); do curl -s -o /dev/null "127.0.0.1:$port/api/health" && break; sleep 1; done
  sleep 5
  memory=$(grep -E '^(VmRSS|RssAnon|RssFile):' "/proc/$pid/status" | tr -s ' \t' ' ' | tr '\n' ' ')
  echo "$label idle: ${memory}| $(uptime | sed 's/.*load average/load average/')"
  kill "$pid"; wait "$pid" 2>/dev/null
done
