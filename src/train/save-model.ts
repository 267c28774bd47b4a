/**
 * The trained classifier as files, without tfjs-node: model.json (layers-model JSON with the
 * temperature and class list in userDefinedMetadata) and weights.bin, via tf.io.withSaveHandler.
 */
import * as tf from '@tensorflow/tfjs';
import { CROP_SIZE } from '../vision/classifier-model';
import { classify, loadClassifier, type ClassifierMeta, type ClassifierModelJson } from '../vision/classify';
import type { CropSet } from './crop-data';

export async function modelFiles(model: tf.LayersModel, meta: ClassifierMeta): Promise<{ json: ClassifierModelJson; weights: Uint8Array }> {
  let saved: tf.io.ModelArtifacts | null = null;
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      saved = artifacts;
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  const a = saved as tf.io.ModelArtifacts | null;
  if (!a?.weightData || !a.weightSpecs || !a.modelTopology) throw new Error('save: tf.js handed over no weights');
  const weights = new Uint8Array(tf.io.CompositeArrayBuffer.join(a.weightData));
  const json: ClassifierModelJson = {
    format: 'layers-model',
    generatedBy: `TensorFlow.js tfjs-layers v${tf.version.tfjs}`,
    convertedBy: null,
    modelTopology: a.modelTopology as object,
    weightsManifest: [{ paths: ['weights.bin'], weights: a.weightSpecs }],
    userDefinedMetadata: { temperature: Math.round(meta.temperature * 1e4) / 1e4, classes: [...meta.classes] },
  };
  return { json, weights };
}

/** Median time to classify 56 crops (a table of 28 dominoes), after warm-up. */
export async function classifyMs(json: ClassifierModelJson, weights: Uint8Array, set: CropSet): Promise<number> {
  const clf = await loadClassifier(json, weights);
  const crops = set.pixels.subarray(0, 56 * CROP_SIZE * CROP_SIZE * 3);
  const times: number[] = [];
  for (let i = 0; i < 25; i++) {
    const t = performance.now();
    classify(clf, crops, 56, CROP_SIZE);
    if (i >= 5) times.push(performance.now() - t);
  }
  clf.model.dispose();
  return times.sort((a, b) => a - b)[times.length >> 1];
}
