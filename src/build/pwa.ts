/**
 * The installable, offline app (issue 7 §4): vite-plugin-pwa's generateSW precaches everything a
 * game at the table needs after the first visit — the app, the trained models (emitted by
 * models-plugin), the OpenCV.js chunk (~10 MB, hence the raised size limit), the tf.js .wasm
 * files, the demo footage and the icons — and the manifest makes it installable. The service
 * worker registers itself from a script the plugin injects into index.html.
 */
import { VitePWA } from 'vite-plugin-pwa';

export function pwaPlugin() {
  return VitePWA({
    registerType: 'autoUpdate',
    injectRegister: 'script-defer',
    manifest: {
      name: 'Pips — the domino table companion',
      short_name: 'Pips',
      description: 'Reads the domino table through the camera, referees nine games, keeps the score — in Czech, Slovak, Polish and English.',
      start_url: '.',
      scope: '.',
      display: 'standalone',
      orientation: 'any',
      background_color: '#faf7f0',
      theme_color: '#1f6f4a',
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,mjs,css,html,wasm,json,bin,jpg,jpeg,png,svg,ico,webmanifest}'],
      // OpenCV.js is one ~10 MB chunk; it must be precached too, or the camera path fails offline.
      maximumFileSizeToCacheInBytes: 24 * 1024 * 1024,
      navigateFallback: 'index.html',
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });
}
