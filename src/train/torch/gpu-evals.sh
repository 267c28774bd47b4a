#!/bin/bash
# Dev evaluations of several builds of the camera path side by side on a lent machine's CPU cores
# (16 on the lent GPU machines; nothing in the build or CI runs this). One `npm run eval` process a
# core: 16 sets of 50-80 dev scenes took about 3-4 minutes there (2026-11-27), against hours on a
# 2-core machine, so a change is judged on ~10x the scenes at once. The camera path has grown slower
# since: on 2026-11-29, 16 sets of 50 scenes read live frames in about 90 s there, while the still images
# were not done at 235 s (LIMIT) and left nothing. Give still images LIMIT=500, or fewer scenes.
#
# Here, once per build to compare (an "arm"), with the tree as that arm wants it:
#   bash src/train/torch/gpu-evals.sh pack NAME     # writes .gpu/eval-NAME.mjs.xz (the eval, bundled)
# and once: .gpu/node.xz (`xz -c $(which node) > .gpu/node.xz`), .gpu/node_modules/@techstark/opencv-js
# (copied from node_modules, its src/ left out) and the tf.js wasm files in .gpu/ itself, beside the
# bundles, which look for them there (`cp node_modules/@tensorflow/tfjs-backend-wasm/dist/*.wasm .gpu/`;
# under .gpu/node_modules every eval stops at once). Try an arm here before carrying it (one scene,
# seconds; then delete the unpacked bundle, or `run` reads it instead of a newer pack):
#   xz -dc .gpu/eval-NAME.mjs.xz > .gpu/eval-NAME.mjs && PIPS_MODELS=$PWD/models node .gpu/eval-NAME.mjs \
#     --only vision --no-real --seed 2061 --scenes 1; rm .gpu/eval-NAME.mjs
# Then, carrying .gpu (.gpu/ in .git/info/exclude; ~37 MB with two arms):
#   ARMS='base new' STILL='3001 4001' LIVE='5001' N=50 bash src/train/torch/gpu-evals.sh run
# (an arm NAME@DIR reads with the models in DIR, e.g. a retrained classifier beside the committed tile
# network: ARMS='cur cur@.gpu/mga' after copying models/ to .gpu/mga and the new classifier into it)
# (Seeds a few apart share scenes: heldOutSeed XORs the seed with the scene's index, docs/reading-log.md "Dev seeds
# that share scenes". Take seeds whose XOR with each other is at least N rounded up to a power of two,
# as 2061, 3001, 4001, 5001 are for N up to 128; 2111-2117 held 376 distinct scenes in 420.)
# writes $OUT/evals.tgz: ARM-SEED.txt (still images) and ARM-SEEDlive.txt (live frames), each the
# eval's output for N dev scenes of that seed (`npm run --silent eval -- --only vision --no-real
# --seed SEED --scenes N [--live] $EXTRA`, e.g. EXTRA=--errors), with the committed models (or PIPS_MODELS).
set -u
cd "$(dirname "$0")/../../.."
case "${1:-}" in
  pack)
    [ -n "${2:-}" ] || { echo "gpu-evals.sh pack NAME: a name for this build" >&2; exit 2; }
    banner="import { createRequire as __cr } from 'module'; import { fileURLToPath as __fu } from 'url'; import { dirname as __dn } from 'path'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __dn(__filename);"
    mkdir -p .gpu
    npx esbuild src/cli/eval.ts --bundle --platform=node --format=esm --external:@techstark/opencv-js \
      --banner:js="$banner" --outfile=".gpu/eval-$2.mjs" --log-level=warning
    xz -f -T2 -6 ".gpu/eval-$2.mjs"
    ls -la ".gpu/eval-$2.mjs.xz"
    ;;
  run)
    : "${ARMS:?ARMS: the builds to run, e.g. 'base new'}" "${OUT:?OUT: the folder that comes back}"
    for w in tfjs-backend-wasm.wasm tfjs-backend-wasm-simd.wasm; do
      [ -f ".gpu/$w" ] || { echo "gpu-evals.sh run: no .gpu/$w (this header: the tf.js wasm files)" >&2; exit 2; }
    done
    xz -dc .gpu/node.xz > /tmp/node && chmod +x /tmp/node
    export PIPS_MODELS=${PIPS_MODELS:-$PWD/models}
    mkdir -p /tmp/evals
    for arm in $ARMS; do
      # NAME: the build NAME with PIPS_MODELS; NAME@DIR: the build NAME with the models in DIR (a folder
      # like models/, e.g. under .gpu/), its files named NAME-DIR's last part-SEED.txt
      bundle=${arm%%@*}; models=$PIPS_MODELS; label=$bundle
      if [ "$arm" != "$bundle" ]; then models=${arm#*@}; label=$bundle-$(basename "$models"); fi
      [ -f ".gpu/eval-$bundle.mjs" ] || xz -dc ".gpu/eval-$bundle.mjs.xz" > ".gpu/eval-$bundle.mjs"
      for s in ${STILL:-}; do
        PIPS_MODELS=$models timeout "${LIMIT:-560}" /tmp/node ".gpu/eval-$bundle.mjs" --only vision --no-real --seed "$s" --scenes "${N:-50}" ${EXTRA:-} > "/tmp/evals/$label-$s.txt" 2>&1 &
      done
      for s in ${LIVE:-}; do
        PIPS_MODELS=$models timeout "${LIMIT:-560}" /tmp/node ".gpu/eval-$bundle.mjs" --only vision --no-real --live --seed "$s" --scenes "${N:-50}" ${EXTRA:-} > "/tmp/evals/$label-${s}live.txt" 2>&1 &
      done
    done
    nproc; sleep 5; uptime
    wait
    uptime
    tar czf "$OUT/evals.tgz" -C /tmp/evals .
    ;;
  *) echo "usage: gpu-evals.sh pack NAME | run (ARMS, STILL, LIVE, N, LIMIT, EXTRA)" >&2; exit 2 ;;
esac
