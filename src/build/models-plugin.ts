/**
 * Vite plugin: the trained models (top-level models/, committed, not under public/) at
 * `${base}models/...` — served from the folder by the dev server, and emitted into every build
 * (as bundle assets, so a service worker's precache manifest sees them too). Only what the app
 * loads goes out: *.json and *.bin (no model cards or notes).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

const SHIPPED = /\.(json|bin)$/;

function modelFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...modelFiles(p));
    else if (SHIPPED.test(name)) out.push(p);
  }
  return out.sort();
}

export function modelsPlugin(dir = resolve(import.meta.dirname, '..', '..', 'models')): Plugin {
  return {
    name: 'pips-models',
    configureServer(server) {
      const prefix = `${server.config.base}models/`;
      server.middlewares.use((req, res, next) => {
        const path = decodeURIComponent((req.url ?? '').split('?')[0]);
        if (!path.startsWith(prefix)) return next();
        const file = resolve(dir, path.slice(prefix.length));
        if (!file.startsWith(dir + sep) || !SHIPPED.test(file)) return next();
        let body: Buffer;
        try {
          body = readFileSync(file);
        } catch {
          return next();
        }
        res.setHeader('Content-Type', file.endsWith('.json') ? 'application/json' : 'application/octet-stream');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(body);
      });
    },
    generateBundle() {
      for (const file of modelFiles(dir)) {
        this.emitFile({ type: 'asset', fileName: `models/${relative(dir, file).split(sep).join('/')}`, source: readFileSync(file) });
      }
    },
  };
}
