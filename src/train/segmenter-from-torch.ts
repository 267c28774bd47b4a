/**
 * `npx tsx src/train/segmenter-from-torch.ts DIR NAME [--out models/segmenter]`
 * Turns the weights a GPU run of src/train/torch/train_segmenter.py wrote (DIR/torch-weights-NAME.bin
 * and .json: float32 tf.js-layout weights in the order buildSegmenter makes its layers, batch norm
 * already folded in) into the tf.js network tile-net.ts loads, after checking that tf.js gives
 * PyTorch's output on the check input the run saved. Exits 1 when the two disagree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fromTorch, saveSegmenter, type TorchMeta } from './segmenter-model';
import { exitUnlessTorchOutput } from './torch-check';
import { useWasmBackend } from './wasm-backend';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string', default: 'models/segmenter' } } });
  const [dir, name] = positionals;
  if (!dir || !name) throw new Error('usage: segmenter-from-torch.ts DIR NAME [--out DIR]');
  await useWasmBackend();
  const meta = JSON.parse(readFileSync(join(dir, `torch-weights-${name}.json`), 'utf8')) as TorchMeta;
  const b = readFileSync(join(dir, `torch-weights-${name}.bin`));
  const flat = new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  const model = fromTorch(meta, flat);
  exitUnlessTorchOutput(model, meta.check_input, [1, 40, 48, 3], meta.check_output, meta.steps);
  await saveSegmenter(model, values.out!, `src/train/torch/train_segmenter.py via src/train/segmenter-from-torch.ts (${meta.steps} steps)`);
  process.stdout.write(`wrote ${values.out}/model.json and weights.bin\n`);
}

await main();
