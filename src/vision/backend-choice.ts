/**
 * Which tf.js backend reads frames when the caller says 'auto': WebGL only from a hardware GPU.
 * Software renderers (SwiftShader, llvmpipe) ran the tile network at ~2.2 s a frame against ~90 ms
 * on wasm (npm run bench:app -- --backend webgl, headless Chromium on this 2-core machine).
 */
export function chooseBackend(renderer: string | null): 'wasm' | 'webgl' {
  return renderer && !/swiftshader|llvmpipe|software|softpipe|microsoft basic render/i.test(renderer) ? 'webgl' : 'wasm';
}
