/**
 * The comparison of ../shared/conformance/check.mjs, in process: objects by the expected keys,
 * arrays under moves/leads/board/structure and lists of hand tiles as multisets, tiles normalised.
 */
const TILE_RE = /^\d+(-\d+)+$/;
const MULTISET_KEYS = new Set(['moves', 'leads', 'board', 'structure']);

const normStr = (s: string): string => (TILE_RE.test(s) ? s.split('-').map(Number).sort((x, y) => x - y).join('-') : s);
const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const isTileList = (a: unknown[]): boolean => a.length > 0 && a.every((v) => typeof v === 'string' && TILE_RE.test(v));

/** Differences between an expected and an actual answer; empty when they match. */
export function differences(exp: unknown, act: unknown, key: string | null = null, where = '$'): string[] {
  if (Array.isArray(exp)) {
    if (!Array.isArray(act)) return [`${where}: expected an array`];
    const multiset = (key !== null && MULTISET_KEYS.has(key)) || isTileList(exp) || (exp.length === 0 && isTileList(act));
    if (exp.length !== act.length) return [`${where}: expected ${exp.length} items, got ${act.length}`];
    if (!multiset) return exp.flatMap((e, i) => differences(e, act[i], null, `${where}[${i}]`));
    const owner = new Array<number>(act.length).fill(-1);
    const fits = exp.map((e) => act.map((a, j) => (differences(e, a, null, where).length === 0 ? j : -1)).filter((j) => j >= 0));
    const augment = (i: number, seen: Set<number>): boolean => {
      for (const j of fits[i]) {
        if (seen.has(j)) continue;
        seen.add(j);
        if (owner[j] < 0 || augment(owner[j], seen)) {
          owner[j] = i;
          return true;
        }
      }
      return false;
    };
    const missing = exp.filter((_, i) => !augment(i, new Set()));
    return missing.length ? [`${where}: missing ${JSON.stringify(missing)}`] : [];
  }
  if (isObj(exp)) {
    if (!isObj(act)) return [`${where}: expected an object`];
    return Object.keys(exp).flatMap((k) => (k in act ? differences(exp[k], act[k], k, `${where}.${k}`) : [`${where}.${k}: missing`]));
  }
  if (typeof exp === 'string') return typeof act === 'string' && normStr(act) === normStr(exp) ? [] : [`${where}: expected ${exp}, got ${JSON.stringify(act)}`];
  return exp === act ? [] : [`${where}: expected ${JSON.stringify(exp)}, got ${JSON.stringify(act)}`];
}
