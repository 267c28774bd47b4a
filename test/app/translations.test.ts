/**
 * No string left untranslated (issue 7 §1): every key of en.json — and of the rule book
 * locales/rules/en.json — exists in cs, sk and pl with exactly the plural categories
 * Intl.PluralRules needs there, the same {{placeholders}}, and a value that differs from English
 * unless it is on the short list of names and numbers that stay the same.
 */
import { describe, expect, it } from 'vitest';
import en from '../../src/app/locales/en.json';
import cs from '../../src/app/locales/cs.json';
import sk from '../../src/app/locales/sk.json';
import pl from '../../src/app/locales/pl.json';
import rulesEn from '../../src/app/locales/rules/en.json';
import rulesCs from '../../src/app/locales/rules/cs.json';
import rulesSk from '../../src/app/locales/rules/sk.json';
import rulesPl from '../../src/app/locales/rules/pl.json';

type Tree = { [k: string]: string | Tree };
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** Values that are the same in every language: names of languages and games, numbers. */
const SAME_EVERYWHERE = new Set(['Čeština', 'Slovenčina', 'Polski', 'English', 'Pips', 'Domino', 'Domino Ekspresowe', 'Matador', 'Solo', 'Sevastopol', 'zero']);

function flatten(t: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(t)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

/** Keys as i18next asks for them: a plural family "a.b_one/_other" becomes "a.b" with its categories. */
function families(flat: Map<string, string>): Map<string, { plural: string[] | null; values: string[] }> {
  const out = new Map<string, { plural: string[] | null; values: string[] }>();
  for (const [k, v] of flat) {
    const m = PLURAL.exec(k);
    const key = m ? m[1] : k;
    const f = out.get(key) ?? { plural: m ? [] : null, values: [] };
    if (m) f.plural?.push(m[2]);
    f.values.push(v);
    out.set(key, f);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const meaningful = (s: string) => s.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/[\d\s.,:;()%×|+\-–—=/[\]!?…]/g, '') !== '';

const LOCALES = { cs, sk, pl } as Record<string, unknown> as Record<string, Tree>;
const RULES = { cs: rulesCs, sk: rulesSk, pl: rulesPl } as Record<string, unknown> as Record<string, Tree>;

describe.each(Object.keys(LOCALES))('%s', (lang) => {
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
  const enFamilies = families(flatten(en as unknown as Tree));
  const mine = families(flatten(LOCALES[lang]));

  it('has every key of en.json, and no key en.json lacks', () => {
    expect([...mine.keys()].filter((k) => !enFamilies.has(k))).toEqual([]);
    expect([...enFamilies.keys()].filter((k) => !mine.has(k))).toEqual([]);
  });

  it('has exactly the plural forms the language needs', () => {
    for (const [k, f] of enFamilies) {
      if (!f.plural) expect(mine.get(k)?.plural, k).toBeNull();
      else expect(mine.get(k)?.plural?.slice().sort(), k).toEqual(categories);
    }
  });

  it('keeps every {{placeholder}} of the English string', () => {
    for (const [k, f] of enFamilies) {
      const want = placeholders(f.values[f.values.length - 1]).filter((p) => p !== 'count');
      for (const v of mine.get(k)?.values ?? []) expect(placeholders(v).filter((p) => p !== 'count'), `${k}: ${v}`).toEqual(want);
    }
  });

  it('translates every string (same as English only for names and numbers)', () => {
    const enFlat = flatten(en as unknown as Tree);
    const same = [...flatten(LOCALES[lang])].filter(([k, v]) => enFlat.get(k) === v && meaningful(v) && !SAME_EVERYWHERE.has(v));
    expect(same).toEqual([]);
  });

  it('has the whole rule book, translated', () => {
    const enRules = flatten(rulesEn as unknown as Tree);
    const theirs = flatten(RULES[lang]);
    expect([...theirs.keys()].sort()).toEqual([...enRules.keys()].sort());
    const same = [...theirs].filter(([k, v]) => enRules.get(k) === v && meaningful(v) && !SAME_EVERYWHERE.has(v));
    expect(same).toEqual([]);
  });
});
