# Timed steps for scripts/test.sh (sourced). `step` runs one in the foreground, its output shown as
# it comes; `lane` runs steps one after the other beside the run's other lanes, and `lanes_wait`
# waits for them, then shows each of their steps' output whole (steps side by side never
# interleave). Every step's start, wall time, CPU time and result go to the table `steps_table`
# prints at the end.
STEPS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/csp-steps-XXXXXX")
STEPS_LANES=()

# Milliseconds since the epoch (EPOCHREALTIME is bash 5's; whole seconds without it).
steps_clock() {
  if [[ -n ${EPOCHREALTIME:-} ]]; then
    local t=${EPOCHREALTIME/[.,]/}
    echo $((10#$t / 1000))
  else
    echo $(($(date +%s) * 1000))
  fi
}
STEPS_T0=$(steps_clock)
# The machine's CPU counters (/proc/stat: busy and idle jiffies of all cores) at the start, for
# the share of the run the cores were idle (steps_table).
steps_cpu_counters() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6 }' /proc/stat 2>/dev/null; }
STEPS_CPU0=$(steps_cpu_counters)
steps_elapsed() { echo $((($(steps_clock) - STEPS_T0) / 1000)); }

steps_slug() { printf '%s' "$1" | tr -c 'A-Za-z0-9' '-'; }

# steps_exec <name> <command…>: runs the command with its output in the step's log (and on stdout
# when STEPS_STREAM=1) and records the step's row: name, start and end (ms since the run began),
# CPU seconds, exit status. Answers the command's status.
steps_exec() {
  # The command's status is the step's result: errexit off here (restored on return).
  local -
  set +e
  local name=$1 slug rc=0 start end cpu
  slug=$(steps_slug "$1")
  shift
  start=$(($(steps_clock) - STEPS_T0))
  echo "$start|$slug" >>"$STEPS_DIR/order"
  [[ ${STEPS_STREAM:-0} == 1 ]] || echo "-- $name: started at $((start / 1000)) s"
  # `times` in the subshell: the user and system CPU of every process the command ran and waited
  # for (servers and browsers included; a database server that runs apart is not).
  if [[ ${STEPS_STREAM:-0} == 1 ]]; then
    (
      "$@"
      rc=$?
      times >"$STEPS_DIR/$slug.cpu"
      exit $rc
    ) 2>&1 | tee "$STEPS_DIR/$slug.log"
    rc=${PIPESTATUS[0]}
  else
    (
      "$@"
      rc=$?
      times >"$STEPS_DIR/$slug.cpu"
      exit $rc
    ) >"$STEPS_DIR/$slug.log" 2>&1
    rc=$?
  fi
  end=$(($(steps_clock) - STEPS_T0))
  cpu=$(awk 'NR == 2 { s = 0; for (i = 1; i <= NF; i++) { split($i, p, "m"); s += p[1] * 60 + p[2] }
    printf "%d", s + 0.5 }' "$STEPS_DIR/$slug.cpu" 2>/dev/null)
  echo "$name|$start|$end|${cpu:-?}|$rc" >"$STEPS_DIR/$slug.row"
  [[ ${STEPS_STREAM:-0} == 1 ]] || echo "-- $(steps_result "$slug" | cut -c4-), at $((end / 1000)) s"
  return $rc
}

steps_result() { # <slug>: the step's one-line result
  local name start end cpu rc
  IFS='|' read -r name start end cpu rc <"$STEPS_DIR/$1.row"
  if [[ $rc -eq 0 ]]; then
    echo "== $name: passed in $(((end - start + 500) / 1000)) s (CPU $cpu s)"
  else
    echo "== $name: FAILED (exit $rc) after $(((end - start + 500) / 1000)) s"
  fi
}

# step <name> <command…>: in the foreground, its output shown as it comes.
step() {
  echo
  echo "== $1 ($(steps_elapsed) s)"
  local rc=0
  STEPS_STREAM=1 steps_exec "$@" || rc=$?
  steps_result "$(steps_slug "$1")"
  touch "$STEPS_DIR/$(steps_slug "$1").shown"
  return $rc
}

# lane <name> <function>: runs the function (which runs its steps with `steps_exec … &&`) beside
# the run's other lanes.
lane() {
  echo "== $1: started ($(steps_elapsed) s)"
  "$2" &
  STEPS_LANES+=("$!")
}

# lanes_wait: waits for every lane, then shows each step not shown yet, in the order they
# started: its result and its output. Fails when a lane failed.
lanes_wait() {
  local pid rc=0 slug
  for pid in "${STEPS_LANES[@]}"; do
    wait "$pid" || rc=1
  done
  STEPS_LANES=()
  while IFS='|' read -r _ slug; do
    [[ -e "$STEPS_DIR/$slug.shown" ]] && continue
    touch "$STEPS_DIR/$slug.shown"
    echo
    if [[ -e "$STEPS_DIR/$slug.row" ]]; then steps_result "$slug"; else echo "== $slug: did not finish"; fi
    cat "$STEPS_DIR/$slug.log"
  done < <(sort -t'|' -k1,1n "$STEPS_DIR/order")
  return $rc
}

# step_passed <name>: waits until the step (run by another lane) has ended; fails if it failed.
step_passed() {
  local row="$STEPS_DIR/$(steps_slug "$1").row"
  while [[ ! -e $row ]]; do sleep 1; done
  [[ $(cut -d'|' -f5 "$row") == 0 ]]
}

# steps_table <result>: every step's times in the order they started, the total and the load.
steps_table() {
  echo
  echo "== Steps (seconds; start: since the run began; CPU: user + system of the step's processes)"
  printf '%-58s %6s %6s %6s  %s\n' step start wall CPU result
  local row name start end cpu rc busy0 idle0 busy1 idle1
  for row in "$STEPS_DIR"/*.row; do
    [[ -e $row ]] && cat "$row"
  done | sort -t'|' -k2,2n | while IFS='|' read -r name start end cpu rc; do
    printf '%-58s %6d %6d %6s  %s\n' "$name" $(((start + 500) / 1000)) $(((end - start + 500) / 1000)) \
      "$cpu" "$([[ $rc -eq 0 ]] && echo passed || echo "FAILED ($rc)")"
  done
  printf '%-58s %6s %6d %6s  %s\n' total '' "$(steps_elapsed)" '' "$1"
  echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'); $(nproc 2>/dev/null || echo '?') cores"
  # Idle (and I/O wait) share of all cores' time since the run began: how much room was left.
  if [[ -n $STEPS_CPU0 ]]; then
    read -r busy0 idle0 <<<"$STEPS_CPU0"
    read -r busy1 idle1 <<<"$(steps_cpu_counters)"
    awk -v b=$((busy1 - busy0)) -v i=$((idle1 - idle0)) \
      'BEGIN { if (b + i > 0) printf "cores idle: %.0f %% of the run (busy %.0f %%)\n", 100 * i / (b + i), 100 * b / (b + i) }'
  fi
  # The run's CPU by program (steps_cpu_count_start), every process of the machine counted.
  if [[ -n ${STEPS_CPU_COUNT:-} ]]; then
    kill -TERM "$STEPS_CPU_COUNT" 2>/dev/null && wait "$STEPS_CPU_COUNT" 2>/dev/null || true
    STEPS_CPU_COUNT=
    if [[ -s "$STEPS_DIR/cpu-by-program.txt" ]]; then
      echo
      echo "== CPU by program over the run (scripts/cpu-by-program.ts; the steps' CPU counts only their own processes)"
      cat "$STEPS_DIR/cpu-by-program.txt"
    fi
  fi
  steps_failures
  steps_flaky
  rm -rf "$STEPS_DIR"
}

# steps_cpu_count_start: counts every process's CPU from now until steps_table, which prints it by
# program: the PostgreSQL server and servers that outlive their step are in no step's CPU column.
steps_cpu_count_start() {
  node --import tsx scripts/cpu-by-program.ts "$STEPS_DIR/cpu-by-program.txt" &
  STEPS_CPU_COUNT=$!
}

# steps_flaky: the tests that passed only on a retry (test/flaky-reporter.ts), in any step.
steps_flaky() {
  local flaky
  flaky=$(cat "$STEPS_DIR"/*.log 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' | grep -E '^FLAKY ' | sort -u || true)
  [[ -z $flaky ]] && return 0
  echo
  echo "== Passed only on a retry (fix these):"
  echo "$flaky"
}

# steps_failures: after the table, what each failed step said of its failures — the lines naming
# a failed test or a check's error, with a little context, so a log read from its end (a CI
# page's tail) names them without the whole output.
steps_failures() {
  local row name start end cpu rc slug
  for row in "$STEPS_DIR"/*.row; do
    [[ -e $row ]] || continue
    IFS='|' read -r name start end cpu rc <"$row"
    [[ $rc -eq 0 ]] && continue
    slug=$(basename "$row" .row)
    echo
    echo "== $name failed; its failures:"
    # Vitest's FAIL and ×/✗ lines, Playwright's ✘ and numbered failures, assertion and error lines.
    sed 's/\x1b\[[0-9;]*m//g' "$STEPS_DIR/$slug.log" |
      grep -E -A3 '^ *(FAIL|×|✗|✘)|^ +[0-9]+\) |AssertionError|Error:|^== .*FAILED' | head -n 120 ||
      tail -n 40 "$STEPS_DIR/$slug.log"
  done
}
