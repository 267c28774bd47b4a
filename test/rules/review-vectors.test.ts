/**
 * 121 vectors worked out by hand from rules.md by an independent review (different scenarios from
 * the public conformance file: other seat counts, presets, double-9/12, hidden hands, blocked
 * replays, ties). Each one is a position with a known answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referee } from '../../src/rules/referee';
import { differences } from './vector-match';

interface Vector {
  id: string;
  description: string;
  question: unknown;
  expected: unknown;
}

const vectors: Vector[] = readFileSync(join(import.meta.dirname, 'fixtures', 'review-vectors.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Vector);

describe('hand-worked vectors from an independent reading of rules.md', () => {
  for (const v of vectors) {
    it(`${v.id}: ${v.description.slice(0, 90)}`, () => {
      expect(differences(v.expected, referee(v.question))).toEqual([]);
    });
  }
});

describe('the vector comparison itself', () => {
  it('tells a wrong answer from a right one', () => {
    expect(differences({ moves: [{ tile: '2-5', end: 'L' }] }, { moves: [{ tile: '5-2', end: 'L' }] })).toEqual([]);
    expect(differences({ moves: [{ tile: '2-5', end: 'L' }] }, { moves: [{ tile: '2-5', end: 'R' }] })).not.toEqual([]);
    expect(differences({ line: ['2|5', '5|1'] }, { line: ['5|1', '2|5'] })).not.toEqual([]);
    expect(differences({ winner: null }, { winner: 'P0', extra: 1 })).not.toEqual([]);
  });
});
