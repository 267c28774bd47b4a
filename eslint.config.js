import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'datasets/generated', 'coverage', '.gpu'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // rules.md engine: pure TypeScript, no chance but the seeded generator (guides/architecture.md)
    files: ['src/rules/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use src/rules/random.ts' }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'indexedDB', 'fetch'],
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', '@tensorflow/*', '@techstark/*', 'node:*', 'fs', 'path'] }],
    },
  },
  {
    // The game in progress (notes/app-design.md): pure like src/rules; store.ts is the one IndexedDB module.
    files: ['src/session/**/*.ts'],
    ignores: ['src/session/store.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Ids and times are passed in by the caller' }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'indexedDB', 'fetch'],
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', 'react-*', '@tensorflow/*', '@techstark/*', 'node:*', 'fs', 'path', 'idb', 'fake-indexeddb', '*/vision/*', '*/app/*'] },
      ],
    },
  },
  {
    // The camera path never imports React, the session or the app (guides/architecture.md: one way through).
    files: ['src/vision/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'react-*', '*/session', '*/session/*', '*/app/*'] }],
    },
  },
  {
    // The rules and the session know nothing of the app either.
    files: ['src/rules/**/*.ts', 'src/synth/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'react-*', '@tensorflow/*', '@techstark/*', 'node:*', 'fs', 'path', '*/app/*', '*/session', '*/session/*'] }],
    },
  },
);
