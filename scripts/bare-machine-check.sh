#!/usr/bin/env bash
# The README's promise checked: with Node and nothing else, `npm install` and `npm test` pass.
#
#   bash scripts/bare-machine-check.sh [--log FILE] [TEST PATHS...]
#
#   --log FILE   also write npm test's output to FILE
#   TEST PATHS   run only these (as `npm test -- PATHS`); by default every test
#
# Clones this repository's HEAD (uncommitted changes are not in it) into a clean temp
# folder and there runs `npm install` and `npm test` with:
#   - a PATH of one folder linking every program of this machine's PATH except poppler's
#     (pdftotext, pdftoppm, pdfinfo...) and Chromium's, so that nothing can call them;
#   - CHROMIUM_PATH naming no file and CANOPY_REQUIRE_BROWSER unset, so the browser tests
#     skip, saying how to install Chromium.
# Fails when the install or the tests fail (npm test also fails on anything a test left in
# the temp folder), when a hidden program can still be found, or when a full run had no
# browser test skip.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LOG=/dev/null
if [ "${1:-}" = --log ]; then
  LOG="$2"
  shift 2
fi
TEST_PATHS=("$@")
WORK="$(mktemp -d "${TMPDIR:-/tmp}/canopy-bare.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
HIDDEN='^(pdf.*|chromium.*|chrome|google-chrome.*)$'

echo "bare-machine-check: commit $(git -C "$ROOT" rev-parse --short HEAD) in $WORK"
if [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no)" ]; then
  echo "bare-machine-check: note: the working tree has uncommitted changes; this checks HEAD without them"
fi
git clone --quiet "$ROOT" "$WORK/canopy"

# The first folder on PATH holding a name wins, as in a PATH lookup.
mkdir "$WORK/bin"
IFS=: read -r -a path_dirs <<< "$PATH"
for dir in "${path_dirs[@]}"; do
  [ -d "$dir" ] || continue
  targets=()
  for program in "$dir"/*; do
    name="${program##*/}"
    [ -f "$program" ] && [ -x "$program" ] || continue
    [[ "$name" =~ $HIDDEN ]] && continue
    [ -e "$WORK/bin/$name" ] || [ -L "$WORK/bin/$name" ] && continue
    targets+=("$program")
  done
  [ ${#targets[@]} -eq 0 ] || ln -s -- "${targets[@]}" "$WORK/bin/"
done

bare() {
  env -u CANOPY_REQUIRE_BROWSER -u DATABASE_URL -u CANOPY_SECRET_KEY \
    PATH="$WORK/bin" CHROMIUM_PATH="$WORK/no-chromium" "$@"
}

for program in pdftotext pdftoppm chromium chromium-browser google-chrome; do
  if found="$(bare bash -c "command -v $program")"; then
    echo "bare-machine-check: $program is still reachable, at $found" >&2
    exit 1
  fi
done
for program in node npm git; do
  bare bash -c "command -v $program" >/dev/null || { echo "bare-machine-check: no $program on the PATH" >&2; exit 1; }
done
echo "bare-machine-check: node $(bare node --version), npm $(bare npm --version); no pdftotext, pdftoppm or Chromium"

cd "$WORK/canopy"
echo "bare-machine-check: npm install"
bare npm install --no-audit --no-fund
echo "bare-machine-check: npm test ${TEST_PATHS[*]}"
status=0
bare npm test -- "${TEST_PATHS[@]}" 2>&1 | tee "$WORK/test.log" "$LOG" || status=$?

problems=()
[ "$status" = 0 ] || problems+=("npm test failed (exit $status)")
if [ ${#TEST_PATHS[@]} -eq 0 ] && ! grep -q 'apt-get install chromium' "$WORK/test.log"; then
  problems+=("no browser test said it skipped for want of Chromium")
fi
if [ ${#problems[@]} -gt 0 ]; then
  printf 'bare-machine-check: FAILED: %s\n' "${problems[@]}" >&2
  exit 1
fi
echo "bare-machine-check: passed"
