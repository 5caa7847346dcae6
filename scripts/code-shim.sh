#!/usr/bin/env bash
# Stands in for a desktop `code` binary so test/runTest.ts (@vscode/test-electron) can run where desktop
# VS Code cannot be downloaded: VSCODE_EXECUTABLE=scripts/code-shim.sh npm run test:desktop
# It takes the same arguments and drives the VS Code server + Chromium runner instead.
for a in "$@"; do case "$a" in
  --extensionDevelopmentPath=*) EXT="${a#*=}";;
  --extensionTestsPath=*) TESTS="${a#*=}";;
  --*) ;;
  *) FOLDER="$a";;
esac; done
exec node "$(dirname "$0")/run-vscode.cjs" test --ext "$EXT" --tests "$TESTS" --folder "${FOLDER:-$PWD}" --no-copy
