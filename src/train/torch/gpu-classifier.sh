#!/bin/bash
# Pip-classifier training on a lent GPU machine (nothing in the build or CI runs this): crop renderers
# (src/train/crop-shards.ts) beside two classifier trainers (train_classifier.py) and, when SEG_OPTS is
# set, one tile-network trainer (train_segmenter.py) fed by scene renderers, all on the one GPU.
#
# Needs, in the git-ignored folder .gpu/ carried to the machine: node.xz (a Node binary, xz-packed),
# crops.mjs (`npx esbuild src/train/crop-shards.ts --bundle --platform=node --format=esm
# --external:@techstark/opencv-js --banner:js="import { createRequire } from 'module'; const require =
# createRequire(import.meta.url);" --outfile=.gpu/crops.mjs`) and, for SEG_OPTS, what
# gpu-segmenter.sh needs.
#
#   SECS=460 A_OPTS='--init ../../../models/classifier --lr 1e-3' B_OPTS='--widths 16,32,64,64,128' \
#     SEG_OPTS='--init ../../../models/segmenter --lr 1e-3' bash src/train/torch/gpu-classifier.sh
#
# CROP_OPTS go to the training crops' renderers only (e.g. CROP_OPTS='--glare 0.5,2.5 --corners 0.7': crop-shards.ts);
# the validation crops stay the renderer's own.
#
# Writes $OUT/ca.log, $OUT/cb.log (and $OUT/seg.log) and each trainer's weights in $OUT/ca, $OUT/cb ($OUT/seg).
set -u
cd "$(dirname "$0")/../../.."
xz -dc .gpu/node.xz > /tmp/node && chmod +x /tmp/node
C=/tmp/crops; V=/tmp/val; D=/tmp/scenes; mkdir -p $C $V $D $OUT/ca $OUT/cb $OUT/seg /tmp/ls
nvidia-smi --query-gpu=name,memory.used --format=csv
# Validation crops (seeds 800-803, unaugmented), as classifier-from-torch.ts evaluates.
for s in 800 801 802 803; do /tmp/node .gpu/crops.mjs --seeds $s-$s --copies 0 --out $V > /tmp/v$s.log 2>&1 & done
wait
# Training crops: crop seeds below 900 (900-999 are the tests' fresh crops) other than the validation
# seeds 800-803, those the shipped model did not see (651 and up) first; each renderer a share of them.
R=${CROP_RENDERERS:-7}
for k in $(seq 0 $((R - 1))); do
  ( for s in $(seq $((651 + k)) $R 899) $(seq $((1 + k)) $R 650); do
      if [ $s -ge 800 ] && [ $s -le 803 ]; then continue; fi
      /tmp/node .gpu/crops.mjs --seeds $s-$s ${CROP_OPTS:-} --out $C >> /tmp/c$k.log 2>&1
    done ) & loops="${loops:-} $!"
done
cd src/train/torch
export PYTHONUNBUFFERED=1
if [ -n "${SEG_OPTS:-}" ]; then
  (cd ../../.. && /tmp/node .gpu/shards.mjs --seed 199 --count 150 --out $D > /tmp/r199.log 2>&1) &
  for s in $(seq ${FIRST:-186} ${LAST:-191}); do (cd ../../.. && /tmp/node .gpu/shards.mjs --seed $s --count 900 --out $D > /tmp/r$s.log 2>&1) & done
  python3 train_segmenter.py --data $D --out $OUT/seg --log /tmp/ls --seconds ${SECS:-460} --batch 192 --widths 8,16,48,96 --capacity 9000 --seed 15 $SEG_OPTS > $OUT/seg.log 2>&1 & ps=$!
fi
common="--data $C --val $V --seconds ${SECS:-460}"
python3 train_classifier.py $common --out $OUT/ca --seed 21 ${A_OPTS:-} > $OUT/ca.log 2>&1 & pa=$!
python3 train_classifier.py $common --out $OUT/cb --seed 22 ${B_OPTS:-} > $OUT/cb.log 2>&1 & pb=$!
wait $pa $pb ${ps:-}
kill $loops 2>/dev/null; pkill -f crops.mjs; pkill -f shards.mjs
ls $C | wc -l; ls $D | wc -l
tail -2 $OUT/ca.log; tail -2 $OUT/cb.log; [ -n "${SEG_OPTS:-}" ] && tail -2 $OUT/seg.log
cp /tmp/ls/* $OUT/seg/ 2>/dev/null
exit 0
