#!/bin/bash
# Tile-network training on a lent GPU machine (nothing in the build or CI runs this):
# scene renderers (src/train/segmenter-shards.ts) beside two trainers (train_segmenter.py).
#
# Needs, in the git-ignored folder .gpu/ carried to the machine: node.xz (a Node binary, xz-packed),
# shards.mjs (`npx esbuild src/train/segmenter-shards.ts --bundle --platform=node --format=esm
# --external:@techstark/opencv-js --outfile=.gpu/shards.mjs`) and node_modules/@techstark/opencv-js.
#
#   FIRST=150 LAST=161 SECS=500 STEEP=4 A_OPTS='--init ../../../models/segmenter --lr 1e-3' \
#     B_OPTS='--init ../../../models/segmenter --lr 2e-3' bash src/train/torch/gpu-segmenter.sh
#
# Writes $OUT/a.log, $OUT/b.log and each trainer's torch-weights/torch-state files in $OUT/a, $OUT/b.
set -u
cd "$(dirname "$0")/../../.."
xz -dc .gpu/node.xz > /tmp/node && chmod +x /tmp/node
D=/tmp/scenes; mkdir -p $D $OUT/a $OUT/b /tmp/la /tmp/lb
nvidia-smi --query-gpu=name,memory.used --format=csv
/tmp/node .gpu/shards.mjs --seed 199 --count 150 --out $D > /tmp/r199.log 2>&1 &
# STEEP=K: the first K seeds' tables are seen by cameras tilted STEEP_TILT degrees (default 25,40)
# instead of the renderer's mix, where the network loses most (models/segmenter/card.md).
for s in $(seq ${FIRST:-150} ${LAST:-161}); do
  tilt=""; if [ $((s - ${FIRST:-150})) -lt ${STEEP:-0} ]; then tilt="--tilt ${STEEP_TILT:-25,40}"; fi
  /tmp/node .gpu/shards.mjs --seed $s --count 900 --out $D $tilt > /tmp/r$s.log 2>&1 &
done
cd src/train/torch
export PYTHONUNBUFFERED=1
common="--data $D --seconds ${SECS:-500} --batch ${BATCH:-192} --widths 8,16,48,96 --capacity 9000"
python3 train_segmenter.py $common --out $OUT/a --log /tmp/la --seed 11 ${A_OPTS:-} > $OUT/a.log 2>&1 & pa=$!
python3 train_segmenter.py $common --out $OUT/b --log /tmp/lb --seed 12 ${B_OPTS:-} > $OUT/b.log 2>&1 & pb=$!
wait $pa $pb
ls $D | wc -l
tail -2 $OUT/a.log; tail -2 $OUT/b.log
