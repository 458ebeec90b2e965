#!/usr/bin/env bash
# `npm test`: the one command that runs every check of docs/engineering.md "Quality bars", fail-fast, in the order
# that reports the cheapest failure first. The last line is `N passed, M failed` (vitest tests, all
# projects), which CI reads.
set -euo pipefail
cd "$(dirname "$0")/.."

reports="$(mktemp -d "${TMPDIR:-/tmp}/tameio-test-XXXXXX")"
trap 'rm -rf "$reports"' EXIT
started=$SECONDS

stage() {
  printf '\n==================== %s ====================\n' "$1"
}

# Sums the vitest JSON reports written so far and prints the closing line CI reads. $1 is 1 when a stage
# failed: a failed stage with no failed test (lint, build, a crashed runner) still counts as one failure,
# so a broken run never reads "0 failed".
summary() {
  node -e '
    const fs = require("node:fs");
    let passed = 0, failed = 0, skipped = 0;
    const names = [];
    for (const file of process.argv.slice(2)) {
      if (!fs.existsSync(file)) continue;
      const report = JSON.parse(fs.readFileSync(file, "utf8"));
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      for (const result of report.testResults) {
        const where = require("node:path").relative(process.cwd(), result.name);
        // A file that fails to load has no tests to count but is a failure all the same.
        if (result.status === "failed" && result.assertionResults.length === 0) {
          failed += 1;
          names.push(`${where}: ${(result.message ?? "").split("\n")[0]}`);
        }
        for (const test of result.assertionResults) {
          if (test.status === "failed") names.push(`${where} > ${test.fullName}: ${(test.failureMessages?.[0] ?? "").split("\n")[0]}`);
        }
      }
    }
    // The tail of the log is what a reader of CI sees first: the failed tests are named just above the count.
    if (names.length) console.log("\nfailed tests:\n" + names.map((n) => "  - " + n.slice(0, 400)).join("\n") + "\n");
    if (process.argv[1] === "1" && failed === 0) failed = 1;
    console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
  ' "${1:-0}" "$reports/unit.json" "$reports/vitest.json" "$reports/e2e.json" "$reports/api-postgres.json"
}

run_stage() {
  local name="$1"
  shift
  stage "$name"
  local began=$SECONDS
  if ! "$@"; then
    printf '\nFAILED at stage "%s" (after %ss)\n' "$name" "$((SECONDS - started))"
    summary 1
    exit 1
  fi
  printf -- '---- stage took %ss\n' "$((SECONDS - began))"
}

# The static checks, the build and the unit tests read the code and share nothing, so they run side by side. The
# typecheck with the type-aware lint over the same program is the longest: it keeps one core at normal priority, the
# others share the second at a lower one (the unit tests used to run in the test stage while this core idled). Each
# one's output is printed whole, in this order. The build is Vite alone: the messages were compiled by the stage
# before, and compiling them again here would rewrite files the typecheck is reading.
run_static_checks() {
  local dir="$reports/static" names=('typecheck and lint' format generated build 'unit tests') commands=(
    'npm run --silent check:code'
    'nice -n 5 npm run --silent format:check'
    'nice -n 5 npm run --silent check:generated'
    'nice -n 5 npx vite build --logLevel warn'
    "nice -n 5 npx vitest run --project unit --reporter=default --reporter=json --outputFile.json='$reports/unit.json'"
  )
  mkdir -p "$dir"
  local pids=() i status failed=()
  for i in "${!names[@]}"; do
    bash -c "began=\$SECONDS; ${commands[$i]}; status=\$?; echo \"(\$((SECONDS - began))s)\"; exit \$status" \
      >"$dir/${names[$i]}.log" 2>&1 &
    pids+=("$!")
  done
  for i in "${!names[@]}"; do
    if wait "${pids[$i]}"; then status=passed; else status=FAILED; failed+=("${names[$i]}"); fi
    printf '\n---- %s: %s\n' "${names[$i]}" "$status"
    cat "$dir/${names[$i]}.log"
  done
  [ "${#failed[@]}" -eq 0 ] || { printf '\nfailed: %s\n' "${failed[*]}"; return 1; }
}

# Two lanes side by side, each keeping about one core busy. The background lane runs the e2e files (they mostly wait
# on Chromium; normal priority, so no wait of theirs grows; a third at once ended no sooner on a busy machine and cost
# about 10 % more CPU). The foreground
# lane runs the model and API tests at lower priority, taking what the background leaves. When TEST_POSTGRES_URL
# names a PostgreSQL server (.ci/run starts a scratch one), the API tests run a second time on it
# (docs/engineering.md principle 6; only that run sees the URL, the e2e servers stay on the embedded database): in
# whichever lane ends first, so neither idles while the other works. A failure in the foreground stops the background.
claim_postgres_pass() {
  [ -n "${TEST_POSTGRES_URL:-}" ] && mkdir "$reports/postgres-pass" 2>/dev/null
}

run_postgres_pass() {
  DATABASE_URL="$TEST_POSTGRES_URL" nice -n 10 npx vitest run --project api --reporter=default --reporter=json \
    --outputFile.json="$reports/api-postgres.json" >"$reports/api-postgres.log" 2>&1
}

run_background_lane() {
  local status=0
  env -u DATABASE_URL npx vitest run --project e2e \
    --reporter=default --reporter=json --outputFile.json="$reports/e2e.json" >"$reports/e2e.log" 2>&1 || status=$?
  if claim_postgres_pass; then run_postgres_pass || status=$((status ? status : $?)); fi
  return "$status"
}

run_tests() {
  local background_pid background_status=0 status=0
  export reports
  export -f run_background_lane claim_postgres_pass run_postgres_pass
  setsid bash -c run_background_lane &
  background_pid=$!
  printf -- '---- e2e (Chromium) started in the background; their output follows the other tests\n\n'
  nice -n 10 npx vitest run --project model --project model-mocks --project api \
    --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" || status=$?
  if [ "$status" -ne 0 ]; then
    kill -- "-$background_pid" 2>/dev/null || true
    wait "$background_pid" 2>/dev/null || true
    printf '\n---- e2e (Chromium) and the API tests on PostgreSQL: stopped, the tests above failed\n'
    return "$status"
  fi
  if claim_postgres_pass; then
    printf '\n---- the API tests on PostgreSQL run here, the e2e files still running\n'
    run_postgres_pass || status=$?
  fi
  wait "$background_pid" || background_status=$?
  printf '\n---- e2e (Chromium)\n'
  cat "$reports/e2e.log"
  if [ -f "$reports/api-postgres.log" ]; then
    printf '\n---- API tests on PostgreSQL\n'
    cat "$reports/api-postgres.log"
  fi
  printf '\n---- background lane: %s\n' "$([ "$background_status" -eq 0 ] && echo passed || echo FAILED)"
  [ "$status" -eq 0 ] || { printf -- '---- API tests on PostgreSQL: FAILED\n'; return "$status"; }
  return "$background_status"
}

run_stage 'i18n: compile messages' npm run --silent i18n:compile
run_stage 'typecheck and lint, format, generated files, build, unit tests (side by side)' run_static_checks
run_stage 'web budget: JavaScript of /login' npm run --silent check:web-budget
if [ -n "${TEST_POSTGRES_URL:-}" ]; then
  run_stage 'vitest: model, API (PGlite) beside e2e (Chromium), then API (PostgreSQL)' run_tests
else
  run_stage 'vitest: model, API, with e2e (Chromium) beside them' run_tests
fi

stage "all checks passed in $((SECONDS - started))s"
summary 0
