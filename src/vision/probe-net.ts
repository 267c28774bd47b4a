/**
 * The face probe (trained by src/train/torch/train_probe.py, models/probe): a small network that
 * tells, for every CELL x CELL cell of an image, whether a tile's top face lies in it. A live camera's
 * first look at a table (live-region.ts) runs it on the work image shrunk to half and sends the tile
 * network only through the box around the cells it fires on: the tile network at half the scale did
 * that job in ~34 ms of a 1280x720 frame, this one in a few. Loading is injectable like tile-net.ts's.
 */
import * as tf from '@tensorflow/tfjs';
import { inputTensor, loadLayers, type TileNetFiles } from './tile-net';
import type { WorkImage } from './work-image';

/** What model.json's userDefinedMetadata holds: the cell side and the logit a face's cell exceeds. */
export interface ProbeMeta {
  cell: number;
  threshold: number;
}

export interface ProbeCells {
  cols: number;
  rows: number;
  /** Side of a cell in the probed image's pixels. */
  cell: number;
  /** 1 where the probe sees a face in the cell, row by row. */
  fired: Uint8Array;
}

export interface ProbeNet {
  cells(work: WorkImage): ProbeCells;
  dispose(): void;
}

export async function loadProbeNet(source: TileNetFiles | string): Promise<ProbeNet> {
  const model = await loadLayers(source);
  const m = model.getUserDefinedMetadata() as Partial<ProbeMeta> | undefined;
  if (!m || !Number.isInteger(m.cell) || !Number.isFinite(m.threshold)) {
    model.dispose();
    throw new Error('the face probe model has no cell size and threshold in its userDefinedMetadata');
  }
  const { cell, threshold } = m as ProbeMeta;
  return { cells: (work) => predictCells(model, work, cell, threshold), dispose: () => model.dispose() };
}

function predictCells(model: tf.LayersModel, work: WorkImage, cell: number, threshold: number): ProbeCells {
  const logits = tf.tidy(() => model.predict(inputTensor(work)) as tf.Tensor4D);
  const [, rows, cols] = logits.shape;
  const v = logits.dataSync() as Float32Array;
  logits.dispose();
  const fired = new Uint8Array(rows * cols);
  for (let i = 0; i < fired.length; i++) fired[i] = v[i] > threshold ? 1 : 0;
  return { cols, rows, cell, fired };
}
