/**
 * The trained classifier as files, without tfjs-node: model.json (layers-model JSON with the
 * temperature and class list in userDefinedMetadata) and weights.bin, via tf.io.withSaveHandler.
 */
import * as tf from '@tensorflow/tfjs';
import type { ClassifierMeta, ClassifierModelJson } from '../vision/classify';

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
