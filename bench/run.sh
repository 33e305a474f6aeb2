#!/usr/bin/env bash
# Toolgate's cost, measured side by side (issue 7): the JMH workloads with no agent, under
# Toolgate with 0, 100 and 1,000 rules (audit off and on) and under the SecurityManager (JDK 17);
# start-up wall times on JDK 17 and 25; the agent's heap and metaspace. Writes bench/RESULTS.md.
#
#   bench/run.sh           the full run (about 10 minutes on 2 cores)
#   bench/run.sh --quick   a smoke run of the harness, timings not judged; writes
#                          bench/target/run-quick/RESULTS.md and leaves bench/RESULTS.md alone
#
# Exits non-zero if any configuration fails to run: the agent refusing to start, a benchmarked
# call denied, a JVM that is not under the agent or SecurityManager it should be.
# Environment: JAVA17 and JAVA25 (java executables), BENCH_SKIP_BUILD=1 to reuse the jars.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
STARTED=$(date +%s)

QUICK=0
case "${1:-}" in
  --quick) QUICK=1 ;;
  "") ;;
  *) echo "usage: bench/run.sh [--quick]" >&2; exit 2 ;;
esac
COMMAND="bench/run.sh${1:+ $1}"

JAVA17=${JAVA17:-java}
JAVA25=${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
if ! "$JAVA17" -version 2>&1 | head -1 | grep -q '"17\.'; then
  echo "bench/run.sh: $JAVA17 is not JDK 17 (set JAVA17)" >&2
  exit 2
fi
JDKS=(17)
[[ -x $JAVA25 ]] && JDKS+=(25)
java_for() { if [[ $1 == 17 ]]; then echo "$JAVA17"; else echo "$JAVA25"; fi; }

if [[ ${BENCH_SKIP_BUILD:-0} != 1 ]]; then
  mvn -B -q -DskipTests package
fi
AGENT=$ROOT/agent/target/toolgate-agent.jar
BENCH_JAR=$ROOT/bench/target/benchmarks.jar
SAMPLE_JAR=$ROOT/sample-app/target/toolgate-sample-app.jar
SM_POLICY=$ROOT/bench/security.policy

if (( QUICK )); then
  OUT=$ROOT/bench/target/run-quick
  RESULTS=$OUT/RESULTS.md
  STARTUP_RUNS=2
  JMH_TIMING=(-wi 0 -i 1 -r 20ms)
  JMH_FORKS="-f 0 (-f 1 for the SecurityManager)"
else
  OUT=$ROOT/bench/target/run
  RESULTS=$ROOT/bench/RESULTS.md
  STARTUP_RUNS=10
  JMH_TIMING=(-wi 3 -w 1s -i 4 -r 1s)
  JMH_FORKS="-f 1"
fi
rm -rf "$OUT"
mkdir -p "$OUT/project" "$OUT/home"
# Isolated from the machine: an empty policy source, a home with no user settings.
echo '{}' > "$OUT/policy.json"
"$JAVA17" -cp "$ROOT/bench/target/classes" dev.toolgate.bench.SettingsFiles "$OUT" 0 100 1000

FAILURES=()
fail() { echo "bench/run.sh: FAILED: $*" >&2; FAILURES+=("$*"); }

ISOLATION="-Dtoolgate.policy=$OUT/policy.json -Duser.home=$OUT/home"
toolgate_args() { # rules audit(off|on)
  local audit=off
  [[ $2 == on ]] && audit=$OUT/audit-$1.jsonl
  echo "-javaagent:$AGENT=config=$OUT/rules-$1.json,audit=$audit,ask=deny -Dtoolgate.project=$OUT/project $ISOLATION"
}

# ---- JMH: one configuration per JMH invocation, each benchmark in its own forked JVM -----------
ALL_BENCHMARKS=(bareCall toolCall streamRead streamReadInTool readAllBytes readAllBytesInTool write writeInTool
                exists existsInTool process connect)
# Audit (resources: "denied") only writes records for tool calls: the audit-on runs take those.
TOOL_BENCHMARKS=(bareCall toolCall streamReadInTool readAllBytesInTool writeInTool existsInTool)
CONFIGS=(none tg0 tg0-audit tg100 tg100-audit tg1000 tg1000-audit sm)

run_jmh() { # config
  local config=$1 expect jvm_args benchmarks=("${ALL_BENCHMARKS[@]}")
  case $config in
    none) expect=none; jvm_args="" ;;
    sm) expect=securitymanager
        jvm_args="-Djava.security.manager -Djava.security.policy==$SM_POLICY" ;;
    tg*-audit) expect=toolgate; benchmarks=("${TOOL_BENCHMARKS[@]}")
               local rules=${config#tg}; jvm_args=$(toolgate_args "${rules%-audit}" on) ;;
    tg*) expect=toolgate; jvm_args=$(toolgate_args "${config#tg}" off) ;;
  esac
  jvm_args="$jvm_args -Dbench.dir=$OUT/project -Dbench.expect=$expect"
  echo "== JMH: $config" >&2
  local jmh=(-foe true -rf csv -rff "$OUT/jmh-$config.csv" "${JMH_TIMING[@]}")
  local status=0 pattern
  pattern="GateBench\.($(IFS='|'; echo "${benchmarks[*]}"))\$"
  if (( QUICK )) && [[ $config != sm ]]; then
    # Smoke run: the harness in the JVM under test, no forks (the SecurityManager run forks,
    # its policy is made for the forked side only).
    # shellcheck disable=SC2086
    "$JAVA17" $jvm_args -jar "$BENCH_JAR" -f 0 "${jmh[@]}" "$pattern" > "$OUT/jmh-$config.log" 2>&1 || status=$?
  else
    "$JAVA17" -jar "$BENCH_JAR" -f 1 "${jmh[@]}" -jvmArgsAppend "$jvm_args" "$pattern" \
      > "$OUT/jmh-$config.log" 2>&1 || status=$?
  fi
  rm -f "$OUT"/audit-*.jsonl
  # JMH exits 0 when a forked benchmark throws, even with -foe: every score must be there.
  local missing=() benchmark
  for benchmark in "${benchmarks[@]}"; do
    grep -q "GateBench\.$benchmark\"" "$OUT/jmh-$config.csv" 2>/dev/null || missing+=("$benchmark")
  done
  if (( status != 0 )) || (( ${#missing[@]} > 0 )) || grep -q 'Benchmark had encountered error' "$OUT/jmh-$config.log"; then
    fail "JMH under $config (exit $status; no score for: ${missing[*]:-}): see $OUT/jmh-$config.log"
    grep -m 5 -E 'Exception|denied|^toolgate' "$OUT/jmh-$config.log" >&2 || true
  fi
}
for config in "${CONFIGS[@]}"; do
  run_jmh "$config"
done

# ---- Start-up: wall time of whole JVM runs ------------------------------------------------------
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
time_runs() { # jdk case expected-output command...
  local jdk=$1 case=$2 expected=$3; shift 3
  local i start end status
  for (( i = 0; i < STARTUP_RUNS; i++ )); do
    start=$(now_ms); status=0
    "$@" < /dev/null > "$OUT/startup-last.out" 2>&1 || status=$?
    end=$(now_ms)
    if (( status != 0 )) || ! grep -q -- "$expected" "$OUT/startup-last.out"; then
      fail "start-up $case on JDK $jdk (exit $status): $(head -c 300 "$OUT/startup-last.out")"
      return
    fi
    printf '%s\t%s\t%s\n' "$jdk" "$case" $(( end - start )) >> "$OUT/startup.tsv"
  done
}
# A class-data sharing archive of the agent's classes with the application's (README, "Start-up"):
# a training run with the agent on the boot class path lists the classes it loads, a static dump
# archives them. The dump's class path must be the application's (a jar, or nothing for a folder).
cds_archive() { # java archive dump-class-path training-command-args...
  local java=$1 archive=$2 cp=$3; shift 3
  if ! { "$java" -XX:DumpLoadedClassList="$archive.classlist" -Xbootclasspath/a:"$AGENT" "$@" \
           < /dev/null > "$archive.training.out" 2>&1 \
         && "$java" -Xshare:dump -XX:SharedClassListFile="$archive.classlist" -XX:SharedArchiveFile="$archive" \
           -Xbootclasspath/a:"$AGENT" ${cp:+-cp "$cp"} > "$archive.dump.out" 2>&1; }; then
    fail "class-data sharing archive $archive: see $archive.training.out and $archive.dump.out"
  fi
}
: > "$OUT/startup.tsv"
HELLO_CP=$ROOT/bench/target/classes
SAMPLE_SCRIPT=(--script "$ROOT/bench/sample-readonly.txt")
for jdk in "${JDKS[@]}"; do
  JAVA=$(java_for "$jdk")
  echo "== start-up on JDK $jdk" >&2
  # shellcheck disable=SC2046
  cds_archive "$JAVA" "$OUT/hello-$jdk.jsa" "" $(toolgate_args 0 on) -cp "$HELLO_CP" dev.toolgate.bench.Hello
  # shellcheck disable=SC2046
  cds_archive "$JAVA" "$OUT/sample-$jdk.jsa" "$SAMPLE_JAR" \
    "-javaagent:$AGENT=audit=$OUT/audit-sample.jsonl,ask=deny" $ISOLATION -jar "$SAMPLE_JAR" "${SAMPLE_SCRIPT[@]}"
  # shellcheck disable=SC2046
  {
    time_runs "$jdk" hello hello "$JAVA" $ISOLATION -cp "$HELLO_CP" dev.toolgate.bench.Hello
    time_runs "$jdk" hello+toolgate hello "$JAVA" $(toolgate_args 0 on) -cp "$HELLO_CP" dev.toolgate.bench.Hello
    time_runs "$jdk" hello+toolgate+cds hello "$JAVA" -XX:SharedArchiveFile="$OUT/hello-$jdk.jsa" \
      -Xbootclasspath/a:"$AGENT" $(toolgate_args 0 on) -cp "$HELLO_CP" dev.toolgate.bench.Hello
    if [[ $jdk == 17 ]]; then
      time_runs "$jdk" hello+securitymanager hello "$JAVA" -Djava.security.manager \
        "-Djava.security.policy==$SM_POLICY" -Dbench.dir="$OUT/project" -cp "$HELLO_CP" dev.toolgate.bench.Hello
    fi
    # The sample app runs from the repository root with its own .toolgate/settings.json.
    time_runs "$jdk" sample "Workspace:" "$JAVA" $ISOLATION -jar "$SAMPLE_JAR" "${SAMPLE_SCRIPT[@]}"
    time_runs "$jdk" sample+toolgate "Toolgate agent attached" "$JAVA" \
      "-javaagent:$AGENT=audit=$OUT/audit-sample.jsonl,ask=deny" $ISOLATION -jar "$SAMPLE_JAR" "${SAMPLE_SCRIPT[@]}"
    time_runs "$jdk" sample+toolgate+cds "Toolgate agent attached" "$JAVA" -XX:SharedArchiveFile="$OUT/sample-$jdk.jsa" \
      -Xbootclasspath/a:"$AGENT" "-javaagent:$AGENT=audit=$OUT/audit-sample.jsonl,ask=deny" $ISOLATION \
      -jar "$SAMPLE_JAR" "${SAMPLE_SCRIPT[@]}"
  }
  rm -f "$OUT"/audit-*.jsonl
done

# ---- Memory: the JVM's own counters after System.gc(), one allowed tool call made -------------
: > "$OUT/memory.tsv"
for jdk in "${JDKS[@]}"; do
  JAVA=$(java_for "$jdk")
  for case in none toolgate; do
    args=$ISOLATION
    [[ $case == toolgate ]] && args=$(toolgate_args 0 off)
    # shellcheck disable=SC2086
    if "$JAVA" $args -cp "$BENCH_JAR" dev.toolgate.bench.MemoryProbe tool > "$OUT/memory-$jdk-$case.out" 2>&1 \
        && grep -q '^heap_used=' "$OUT/memory-$jdk-$case.out"; then
      printf '%s\t%s\t%s\n' "$jdk" "$case" "$(grep '=' "$OUT/memory-$jdk-$case.out" | tr '\n' ' ')" >> "$OUT/memory.tsv"
    else
      fail "memory probe $case on JDK $jdk: $(head -c 300 "$OUT/memory-$jdk-$case.out")"
    fi
  done
done

# ---- The report ---------------------------------------------------------------------------------
{
  echo "command=$COMMAND"
  echo "quick=$QUICK"
  echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "nproc=$(nproc)"
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
  echo "jdk17=$("$JAVA17" -version 2>&1 | sed -n 2p)"
  [[ -x $JAVA25 ]] && echo "jdk25=$("$JAVA25" -version 2>&1 | sed -n 2p)"
  echo "jmh=$JMH_FORKS ${JMH_TIMING[*]}"
  echo "startup_runs=$STARTUP_RUNS"
  echo "seconds=$(( $(date +%s) - STARTED ))"
} > "$OUT/meta.properties"
"$JAVA17" -cp "$BENCH_JAR" dev.toolgate.bench.Report "$OUT" "$RESULTS" || fail "report"

if (( ${#FAILURES[@]} > 0 )); then
  echo "bench/run.sh: ${#FAILURES[@]} configuration(s) failed:" >&2
  printf '  %s\n' "${FAILURES[@]}" >&2
  exit 1
fi
echo "bench/run.sh: wrote $RESULTS in $(( $(date +%s) - STARTED )) s" >&2
