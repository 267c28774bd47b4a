/**
 * The rule book (shared/spec/rules.md) in the four languages, one file each in locales/rules/:
 * per game its numbered points and its presets. The rules screen shows it whole; a verdict quotes
 * the one point its reason rests on (`rulePoint`).
 */
import cs from './locales/rules/cs.json';
import en from './locales/rules/en.json';
import pl from './locales/rules/pl.json';
import sk from './locales/rules/sk.json';
import type { Language } from './i18n';

export type RulesText = typeof en;
export interface GameRules {
  title: string;
  points: Record<string, string>;
  presets: Record<string, string>;
}

const TEXTS: Record<Language, RulesText> = { en, cs, sk, pl };

export function rulesText(lang: string): RulesText {
  return TEXTS[(lang.slice(0, 2) as Language)] ?? en;
}

export function gameRules(lang: string, game: string): GameRules | null {
  return (rulesText(lang).games as Record<string, GameRules>)[game] ?? null;
}

/**
 * A point of the rule book: "common.mustPlay", "domino.play" (any game's point), "preset:draw"
 * (the preset of the game in question), or a bare point id of the game itself.
 */
export function rulePoint(lang: string, game: string, ref: string): string | null {
  const text = rulesText(lang);
  if (ref.startsWith('common.')) return (text.common as Record<string, string>)[ref.slice(7)] ?? null;
  if (ref.startsWith('preset:')) return gameRules(lang, game)?.presets[ref.slice(7)] ?? null;
  const [g, p] = ref.includes('.') ? ref.split('.') : [game, ref];
  return gameRules(lang, g)?.points[p] ?? null;
}
