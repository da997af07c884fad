#!/bin/bash
# Idle resident memory of the built server (npm run build first): starts dist/server.js with the given variables,
# waits for /api/health, idles 5 s and prints VmRSS from /proc. Example:
#   bench/rss-idle.sh pglite DATA_DIR=/tmp/rss-data SEED_SCALE=0
#   bench/rss-idle.sh postgres DATABASE_URL=postgres://postgres@127.0.0.1:5432/test DATABASE_SCHEMA=rss_probe SEED_SCALE=0

cd "$(dirname "$0")/.."
label=$1; shift
env "$@" PORT=4577 HOST=127.0.0.1 LOG_LEVEL=warn node_modules/.bin/node dist/server.js > /tmp/rss-server.log 2>&1 &
pid=$!
for i in $(seq 1 120); do curl -s -o /dev/null 127.0.0.1:4577/api/health && break; sleep 1; done
sleep 5
echo "$label idle: $(grep VmRSS /proc/$pid/status)"
kill $pid; wait $pid 2>/dev/null
