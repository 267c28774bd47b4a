/** models/classifier/card.md: what the shipped classifier was trained on and how well it reads. */
import { CLASSIFIER_WIDTHS } from '../vision/classifier-model';
import type { Evaluation, TrainResult } from './train';

export interface CardInput {
  result: TrainResult;
  command: string;
  trainData: string;
  valData: string;
  trainCount: number;
  params: number;
  modelBytes: number;
  inferenceMs: number;
  options: Record<string, string | number | boolean>;
  /** How the weights were trained, where not by \`npm run train\` on this machine (the GPU path). */
  trainedElsewhere?: string;
  /** The model the weights started from (`npm run train -- --init DIR`): fine-tuned, not trained afresh. */
  initFrom?: string;
  /** The network's widths (classifier-model.ts buildClassifier); the shipped ones when absent. */
  widths?: readonly number[];
}

const pct = (x: number): string => (Number.isNaN(x) ? '-' : `${(x * 100).toFixed(2)}%`);

function classTable(train: Evaluation, val: Evaluation): string {
  const rows = val.perClass.map((v, i) => `| ${v.name} | ${v.count} | ${pct(v.accuracy)} | ${pct(train.perClass[i].accuracy)} |`);
  return ['| class | validation crops | validation accuracy | training accuracy |', '|---|---:|---:|---:|', ...rows].join('\n');
}

function sizeTable(val: Evaluation): string {
  const rows = val.perSize.map((b) => `| ${b.bucket} | ${b.count} | ${pct(b.accuracy)} |`);
  return ['| half size in the image | validation crops | accuracy |', '|---|---:|---:|', ...rows].join('\n');
}

export function modelCard(c: CardInput): string {
  const w = c.widths ?? CLASSIFIER_WIDTHS;
  const r = c.result;
  return `# Pip classifier: model card

(Written by ${c.trainedElsewhere ? '`src/train/classifier-from-torch.ts`' : '`npm run train`'}; the section "Beyond validation" at the end is added by hand from the
commands it names, and must be measured again after retraining.)

Reads one crop of a domino half (value 0-12) or of a triangular tile's corner number (0-5): 19
classes \`half-0\`..\`half-12\`, \`corner-0\`..\`corner-5\`. Code: src/vision/classifier-model.ts
(input and network), src/vision/classify.ts (inference), src/train (training).

## Input
32x32 RGB crops cut through the crop maps of src/vision/crop-geometry.ts, turned to grey and
normalised per crop (mean 0, std 1, std floored at 6 grey levels), with the polarity made
canonical: pips bright on a dark body (a crop whose centre median is above its centre mean is
negated). A photographic negative gives the same input, so black pips on ivory and white pips on
black read alike; hue is ignored.

## Network
Conv 3x3 (${w[0]}) - max pool - conv 3x3 (${w[1]}) - max pool - conv 3x3 (${w[2]}) - conv 3x3 (${w[3]}) - max pool -
dense ${w[4]} - dense 19 (logits); ReLU; dropout ${c.options.dropout} on the flattened features while
training. ${c.params} parameters; model.json + weights.bin = ${(c.modelBytes / 1024).toFixed(0)} KiB.
Inference: ${c.inferenceMs.toFixed(1)} ms for 56 crops (tf.js wasm, Node, one core, median of 20).
Calibration: softmax temperature ${r.temperature.toFixed(3)}, fitted on the validation crops by
minimum negative log-likelihood (stored in model.json, userDefinedMetadata).

## Data
Rendered only (src/synth/crops.ts: real rendered tables, five domino set styles, two triomino
styles, lights, camera blur and noise, JPEG, random quarter turns; each crop cut from a polygon slid,
turned and stretched as the tile network's polygons are).
Never trained on real photos.
- training: ${c.trainCount} crops, ${c.trainData}
- validation: ${r.validation.count} crops, ${c.valData}
- augmentation (src/train/crop-data.ts): zoom 0.86-1.16 and shift up to 1.5 px (box errors,
  pip sizes), gamma, per-channel gain, sensor noise, mirror images of halves.

## Accuracy (rendered validation crops, never trained on)
Overall ${pct(r.validation.accuracy)} (training sample ${pct(r.train.accuracy)}); validation NLL
after calibration ${r.validation.nll.toFixed(4)}.

${sizeTable(r.validation)}

${classTable(r.train, r.validation)}

## Training
${c.trainedElsewhere ?? `\`${c.command}\` (seed ${c.options.seed}; the same seed and data give the same weights, byte for byte):
${r.seconds.toFixed(0)} s on this project's machine (tf.js wasm, one thread, nice -n 10, shared
with other jobs).`}${c.initFrom ? ` Fine-tuned: started from the trained weights in ${c.initFrom}, not fresh ones.` : ''} Options: ${Object.entries(c.options)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')}.

${r.epochLog.map((l) => `    ${l}`).join('\n')}

Retrain: \`npm run train\` (renders its own crops, seeds 1 and up, cached in
datasets/generated/crop-cache), or \`npm run train -- --data DIR\` on a
\`npm run datasets -- --kind crops\` directory. \`--quick\` trains a small check model in a few
minutes (written to datasets/generated/classifier-quick).
`;
}
