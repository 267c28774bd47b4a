/** From tiles to a position: layouts read from the fixtures and from hand-made readings. */
import { describe, expect, it } from 'vitest';
import { referee } from '../../src/rules/referee';
import type { JsonObject } from '../../src/rules/types';
import { compareHands, compareLayouts } from '../../src/vision/reconstruct/compare';
import { reconstruct } from '../../src/vision/reconstruct';
import { truthReading } from '../../src/vision/reconstruct/truth-reading';
import { dominoAt, fixtureScenes, lineWithTurn, reading, S } from './reconstruct-helpers';

const laidOut = fixtureScenes().filter((t) => t.position && t.game);
const setupOf = (t: (typeof laidOut)[number]) => ({ game: t.game as string, set: t.set, seats: t.seats as number, ruleset: t.ruleset });

describe('reconstruct on the committed fixture scenes', () => {
  it.each(laidOut.map((t, i) => [i, t.family, t.game, t] as const))('scene %i (%s, %s): the layout is the truth, with no flags', (_i, _f, _g, truth) => {
    const r = reconstruct(truthReading(truth), setupOf(truth));
    expect(compareLayouts(r.position, truth.position as JsonObject)).toMatchObject({ exact: true });
    expect(r.flags).toEqual([]);
  });

  it('the line the camera reads is one the referee accepts, with the truth hands', () => {
    const truth = laidOut.find((t) => t.family === 'line') as (typeof laidOut)[number];
    const r = reconstruct(truthReading(truth), setupOf(truth));
    const position = { ...(truth.position as JsonObject), line: r.position.line };
    expect(() => referee({ ...setupOf(truth), position, ask: 'legal-moves' })).not.toThrow();
  });

  it('open hands of a triangular game are grouped by seat with their pip totals (up to a turn of the table)', () => {
    const truth = laidOut.find((t) => t.family === 'triomino') as (typeof laidOut)[number];
    const r = reconstruct(truthReading(truth), setupOf(truth));
    const got = Object.fromEntries(r.hands.map((h) => [h.seat, h.tiles]));
    const want = truth.position?.hands as Record<string, string[]>;
    expect(compareHands(got, want, truth.seats as number).turned).toBe(true);
    for (const h of r.hands) expect(h.pips).toBe(h.tiles.join('-').split('-').reduce((n, x) => n + Number(x), 0));
  });
});

describe('a line read from hand-made tiles', () => {
  it('chains a crosswise double and a turn, left to right, every tile "near|far"', () => {
    const r = reconstruct(lineWithTurn(), { game: 'domino', set: 'double-6', seats: 2 });
    expect(r.position.line).toEqual(['3|6', '6|6', '6|2', '2|4']);
    expect(r.flags).toEqual([]);
    expect(r.unknowns).toContain('hands');
  });

  it('keeps the previous position\'s left end when the camera moves to the other side', () => {
    const turned = lineWithTurn();
    // The same table seen from the other side: every point mirrored through the image centre.
    const flip = (p: [number, number]): [number, number] => [1280 - p[0], 720 - p[1]];
    turned.tiles = turned.tiles.map((t) => ({ ...t, polygon: t.polygon.map(flip), halves: t.halves?.map((h) => ({ ...h, polygon: h.polygon.map(flip) })) }));
    expect(reconstruct(turned, { game: 'domino', set: 'double-6', seats: 2 }).position.line).toEqual(['4|2', '2|6', '6|6', '6|3']);
    const kept = reconstruct(turned, { game: 'domino', set: 'double-6', seats: 2, previous: { line: ['3|6', '6|6', '6|2'] } });
    expect(kept.position.line).toEqual(['3|6', '6|6', '6|2', '2|4']);
  });

  it('flags a misread joint and offers the classifier\'s second choice, without correcting the reading', () => {
    const r0 = lineWithTurn();
    const t = r0.tiles[2];
    r0.tiles[2] = { ...t, values: [5, 2], halves: t.halves?.map((h, k) => ({ ...h, value: k === 0 ? 5 : 2 })), confidence: 0.6, alternatives: [{ values: [6, 2], confidence: 0.3 }, { values: [5, 3], confidence: 0.05 }] };
    const r = reconstruct(r0, { game: 'domino', set: 'double-6', seats: 2 });
    expect(r.position.line).toEqual(['3|6', '6|6', '5|2', '2|4']);
    const flag = r.flags.find((f) => f.code === 'JOINT_MISMATCH');
    expect(flag?.tiles.sort()).toEqual([1, 2]);
    expect(flag?.message).toMatch(/6 against 5/);
    expect(flag?.fixes[0]).toEqual({ tile: 2, values: [6, 2], probability: 0.3 });
  });

  it('joins Matador halves that sum to 7, and flags equal halves there', () => {
    const r0 = reading([dominoAt(200, 300, 0, 1, 4), dominoAt(200 + 2 * S + 0.4, 300, 0, 3, 5)]);
    expect(reconstruct(r0, { game: 'matador', set: 'double-6', seats: 2 }).flags).toEqual([]);
    expect(reconstruct(r0, { game: 'domino', set: 'double-6', seats: 2 }).flags.map((f) => f.code)).toEqual(['JOINT_MISMATCH']);
  });

  it('flags a tile read twice and a pip the set does not have', () => {
    const r0 = reading([dominoAt(200, 300, 0, 1, 4), dominoAt(200 + 2 * S + 0.4, 300, 0, 4, 1), dominoAt(200 + 4 * S + 0.8, 300, 0, 1, 7)]);
    const codes = reconstruct(r0, { game: 'domino', set: 'double-6', seats: 2 }).flags.map((f) => f.code);
    expect(codes).toContain('DUPLICATE_TILE');
    expect(codes).toContain('NOT_IN_SET');
  });

  it('leaves a triangle lying beside a domino line out of the layout, as another set\'s tile', () => {
    const r0 = lineWithTurn();
    r0.tiles.push({ kind: 'triomino', values: [0, 1, 2], polygon: [[600, 100], [640, 170], [560, 170]], confidence: 1 });
    const r = reconstruct(r0, { game: 'domino', set: 'double-6', seats: 2 });
    expect(r.foreign).toEqual([4]);
    expect(r.position.line).toHaveLength(4);
  });
});

describe('cross, trains and towers from hand-made tiles', () => {
  it('names the arms of the Sevastopol cross N, E, S, W as the picture shows them', () => {
    const g = 0.4;
    const r0 = reading([
      dominoAt(400, 300, 0, 6, 6),
      dominoAt(400, 300 - S / 2 - g - S, -90, 6, 1),
      dominoAt(400 + S + g + S, 300, 0, 6, 3),
      dominoAt(400, 300 + S / 2 + g + S, 90, 6, 0),
      dominoAt(400 - S - g - S, 300, 180, 6, 5),
    ]);
    const r = reconstruct(r0, { game: 'sevastopol', set: 'double-6', seats: 4 });
    expect(r.position.cross).toEqual({ center: '6-6', arms: { N: ['6|1'], E: ['6|3'], S: ['6|0'], W: ['6|5'] } });
  });

  it('reads trains leaving a hub, a private train laid a little apart included', () => {
    const g = 0.4;
    const r0 = reading([
      dominoAt(400, 300, 90, 12, 12),
      dominoAt(400 + S / 2 + g + S, 300, 0, 12, 3),
      dominoAt(400 + S / 2 + 2 * g + 3 * S, 300, 0, 3, 7),
      dominoAt(400 - S / 2 - 10 - S, 300, 180, 12, 5),
    ]);
    const r = reconstruct(r0, { game: 'vlaky', set: 'double-12', seats: 2 });
    const truth = { trains: { T1: { owner: null, cars: ['12|12', '12|3', '3|7'], matchstick: false }, T2: { owner: 'P0', cars: ['12|5'], matchstick: false } } };
    expect(compareLayouts(r.position, truth).exact).toBe(true);
    expect(r.unknowns).toContain('trains.T2.owner');
    expect(r.flags).toEqual([]);
  });

  it('writes a magnetic tower tile as lying on the half it covers', () => {
    const g = 0.4;
    const lower = dominoAt(200 + 2 * S + g, 300, 0, 4, 2);
    // The tower tile's 2 lies on the 2 of 4|2 (whose lower layer is partly hidden: read less surely).
    const r0 = reading([dominoAt(200, 300, 0, 1, 4), { ...lower, confidence: 0.7 }, dominoAt(200 + 2 * S + g + S / 2, 300 + S / 2, 90, 2, 5)]);
    const r = reconstruct(r0, { game: 'magnetic', set: 'double-6', seats: 2 });
    expect(r.position.structure).toEqual([
      { id: 1, tile: '1|4', on: null },
      { id: 2, tile: '4|2', on: null, next_to: { id: 1, half: 1, with: 0 } },
      { id: 3, tile: '2|5', on: { id: 2, half: 1, with: 0 } },
    ]);
  });
});
