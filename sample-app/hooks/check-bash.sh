#!/bin/sh
# A PreToolUse hook for run_bash, registered in .toolgate/settings.json at the repository root.
# Toolgate runs it before the gate decides, with the call as JSON on stdin:
#   {"hook_event_name":"PreToolUse","session_id":…,"tool_name":"run_bash","tool_input":{"command":…},"cwd":…}
# It logs every command and blocks `git push`; everything else goes on to the gate's rules.
input=$(cat)
printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$input" >> "${TOOLGATE_PROJECT_DIR:-.}/.toolgate/hook-calls.log"
case "$input" in
  *'"command":"'*'git push'*)
    echo '{"action":"block","reason":"pushing is for humans: run git push yourself"}' ;;
  *)
    echo '{"action":"continue"}' ;;
esac
