/**
 * Verdict explanations (issue 7 §3): every illegal play the rules tests produce (one per reason
 * and message shape, test/app/fixtures/illegal-moves.json) is read into a localized sentence with
 * its concrete tiles and players, in all four languages, citing a rule-book point; an unknown code
 * falls back to the referee's English words.
 */
import { describe, expect, it } from 'vitest';
import { referee } from '../../src/rules/referee';
import type { JsonObject } from '../../src/rules/types';
import { explainVerdict, legalAlternatives, readReason } from '../../src/app/explain/explain';
import { describeMove } from '../../src/app/explain/moves';
import { createI18n, LANGUAGES } from '../../src/app/i18n';
import questions from './fixtures/illegal-moves.json';

const cases = (questions as unknown as JsonObject[]).map((q) => ({ q, a: referee(q) }));
const tileLike = /\d+[-|]\d+/g;

describe('reading the referee reasons', () => {
  it('has illegal verdicts covering the reason codes of src/rules', () => {
    expect(cases.every((c) => c.a.legal === false)).toBe(true);
    expect(new Set(cases.map((c) => c.a.code)).size).toBeGreaterThanOrEqual(44);
  });

  it.each(cases.map((c) => [`${String(c.q.game)} ${String(c.a.code)}: ${String(c.a.message).slice(0, 50)}`, c] as const))('%s', (_name, { a }) => {
    const r = readReason(String(a.code), String(a.message));
    expect(r.key).not.toBeNull();
    // The specific shape matched, not the catch-all: the concrete parts are read.
    expect(r.key).not.toMatch(/_any$/);
  });

  it('keeps every tile of the message in the English sentence', () => {
    const en = createI18n('en');
    for (const { q, a } of cases) {
      const ex = explainVerdict(a, q, { t: en.t, lang: 'en' });
      const tiles = (String(a.message).split(' (rules.md')[0].match(tileLike) ?? []).filter((x) => !/^(12-12|6-6)$/.test(x));
      for (const tile of tiles) expect(ex.reason, String(a.message)).toContain(tile);
    }
  });

  it.each([...LANGUAGES])('explains every verdict in %s with no placeholder left, and cites a rule point', (lang) => {
    const i = createI18n(lang);
    let cited = 0;
    for (const { q, a } of cases) {
      const ex = explainVerdict(a, q, { t: i.t, lang });
      expect(ex.known).toBe(true);
      expect(ex.reason).not.toMatch(/\{\{|explain\.|undefined/);
      expect(ex.section).toMatch(/^§\d$/);
      if (ex.ruleText) cited++;
    }
    // Only "the player does not hold that tile" goes without a quoted point.
    expect(cited).toBeGreaterThan(cases.length * 0.8);
  });

  it('names the players of the table instead of seats', () => {
    const en = createI18n('en');
    const c = cases.find((x) => x.a.code === 'NOT_STARTER' && x.q.game === 'domino')!;
    const names: Record<string, string> = { P0: 'Eva', P1: 'Jan' };
    const ex = explainVerdict(c.a, c.q, { t: en.t, lang: 'en', seatName: (s) => names[s] });
    expect(ex.reason).toBe('Eva opens this round, not Jan.');
    const cs = createI18n('cs');
    expect(explainVerdict(c.a, c.q, { t: cs.t, lang: 'cs' }).reason).toMatch(/Hráč 1/);
  });

  it('falls back to the referee English message for an unknown code (and says so)', () => {
    const en = createI18n('en');
    const ex = explainVerdict({ legal: false, code: 'SOMETHING_NEW', rule: 'domino §1', message: 'a brand new reason' }, { game: 'domino' }, { t: en.t, lang: 'en' });
    expect(ex).toMatchObject({ known: false, reason: 'a brand new reason', section: '§1' });
  });

  it('lists what would have been legal, in words', () => {
    const en = createI18n('en');
    const c = cases.find((x) => x.a.code === 'END_MISMATCH' && x.q.game === 'domino')!;
    const moves = legalAlternatives(c.q)!;
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) expect(describeMove(m, en.t)).not.toMatch(/explain\.|\{\{/);
    expect(describeMove({ tile: '2-5', end: 'R' }, en.t)).toBe('2-5 at the right end');
    expect(describeMove({ tile: '3-6', arm: 'N' }, createI18n('cs').t)).not.toContain('{{');
    expect(legalAlternatives({ game: 'domino' })).toBeNull();
  });
});
