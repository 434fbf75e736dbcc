# shellcheck shell=bash
# Sourced by scripts/test.sh and .ci/run: `step <title> <command…>` runs the
# command under a "== <title>" heading and prints how long it took;
# `step_bg <title> <command…>` starts one in the background (its output kept
# until `step_wait`, which prints it and fails when a background step
# failed), for a step that does not need the steps running beside it. When
# the script ends (passing or not) it prints every step's seconds, the load
# of the machine (uptime) at the end, and the total.
timed_steps=()
timed_start=$SECONDS
bg_pids=()
bg_titles=()
bg_logs=()

# Records one finished step: "<seconds> s  <title up to its first ": ">", marked when it failed.
timed_record() {
  local title=$1 took=$2 status=$3 where=${4:-}
  timed_steps+=("$(printf '%5d s  %s%s%s' "$took" "${title%%: *}" "$where" "$([ "$status" -eq 0 ] || echo " (FAILED, exit $status)")")")
  echo "== ${title%%: *}${where}: ${took} s$([ "$status" -eq 0 ] || echo ", failed (exit $status)")"
}

step() {
  local title=$1
  shift
  echo "== $title"
  local start=$SECONDS status=0
  "$@" || status=$?
  timed_record "$title" "$((SECONDS - start))" "$status"
  return "$status"
}

step_bg() {
  local title=$1
  shift
  local log
  log=$(mktemp)
  (
    start=$SECONDS
    status=0
    "$@" >"$log" 2>&1 || status=$?
    echo "$((SECONDS - start)) $status" >"$log.done"
  ) &
  bg_pids+=("$!")
  bg_titles+=("$title")
  bg_logs+=("$log")
  echo "== $title (in the background; its output follows when it ends)"
}

step_wait() {
  local i took status failed=0
  for i in "${!bg_pids[@]}"; do
    wait "${bg_pids[$i]}" || true
    read -r took status <"${bg_logs[$i]}.done" || { took=0 status=1; }
    echo "== ${bg_titles[$i]} (ran in the background):"
    cat "${bg_logs[$i]}"
    rm -f "${bg_logs[$i]}" "${bg_logs[$i]}.done"
    timed_record "${bg_titles[$i]}" "$took" "$status" " (background)"
    [ "$status" -eq 0 ] || failed=$status
  done
  bg_pids=()
  bg_titles=()
  bg_logs=()
  return "$failed"
}

timed_summary() {
  local status=$? pid
  for pid in "${bg_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  echo "== time per step (seconds)$([ "$status" -eq 0 ] || echo "; stopped by a failure, exit $status")"
  local line
  for line in "${timed_steps[@]}"; do echo "$line"; done
  printf '%5d s  total (load average at the end:%s)\n' "$((SECONDS - timed_start))" "$(uptime | sed 's/.*load average[s]*://')"
}
trap timed_summary EXIT
