/**
 * The tile network from disk, for Node (CLI, tests): the browser hands loadTileNet a URL instead.
 * Runs on the tfjs wasm backend, the one the browser uses too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useWasmBackend } from '../train/wasm-backend';
import { loadTileNet, type TileNet, type TileNetFiles } from '../vision/tile-net';

export const DEFAULT_SEGMENTER_DIR = join(import.meta.dirname, '..', '..', 'models', 'segmenter');

export async function loadTileNetFromDir(dir = DEFAULT_SEGMENTER_DIR): Promise<TileNet> {
  await useWasmBackend();
  const modelJson = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as TileNetFiles['modelJson'];
  const weights = new Uint8Array(readFileSync(join(dir, 'weights.bin')));
  return loadTileNet({ modelJson, weights });
}
