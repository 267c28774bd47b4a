/** The referee command as a person or a script uses it: JSON in, one JSON line out, exit 0 or 2. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/referee.ts'), ...args], { cwd: root, input, encoding: 'utf8' });

const question = {
  game: 'domino',
  ruleset: 'default',
  set: 'double-6',
  seats: 2,
  position: { line: ['5|2', '2|2', '2|0'], hands: { P0: ['3-4', '0-1'], P1: 6 }, stock: 14, to_move: 'P0', round: 2 },
  ask: 'check-move',
  move: { tile: '3-4', end: 'R' },
};

describe('npm run referee', () => {
  it('answers a question file with one JSON line and exit 0, illegal or not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pips-'));
    const file = join(dir, 'q.json');
    writeFileSync(file, JSON.stringify(question));
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/referee.ts'), file], { cwd: root, encoding: 'utf8' });
    const answer = JSON.parse(out);
    expect(answer).toMatchObject({ legal: false, code: 'END_MISMATCH', rule: 'domino §1' });
    expect(out.trim().split('\n')).toHaveLength(1);
  });

  it('reads standard input with -', () => {
    const r = run(['-'], JSON.stringify({ ...question, move: { tile: '0-1', end: 'R' } }));
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ legal: true });
  });

  it('bad JSON, a missing file and a bad tile exit 2 with a JSON error and no stack trace', () => {
    const bad = [run(['-'], '{"game": "domino",'), run(['/nonexistent/q.json']), run(['-'], JSON.stringify({ ...question, move: { tile: '3-9', end: 'R' } }))];
    const codes = bad.map((r) => {
      expect(r.status).toBe(2);
      expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
      return JSON.parse(r.stdout).error.code;
    });
    expect(codes).toEqual(['BAD_JSON', 'BAD_QUESTION', 'BAD_TILE']);
  });
});
