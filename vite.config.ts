import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { modelsPlugin } from './src/build/models-plugin';
import { pwaPlugin } from './src/build/pwa';

export default defineConfig({
  plugins: [react(), modelsPlugin(), pwaPlugin()],
  // The vision worker is a module worker that lazy-loads OpenCV.js as its own chunk.
  worker: { format: 'es' },
  // Dev server: the worker's dependencies are found only when it starts, and a late discovery
  // reloads the page; pre-bundle them up front.
  optimizeDeps: { include: ['@tensorflow/tfjs', '@tensorflow/tfjs-backend-wasm', '@techstark/opencv-js'] },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
