/**
 * A referee verdict in the reader's language (issue 7 §3): the reason as a localized sentence with
 * the concrete tiles and players, the rule-book point it rests on, the preset in force, and — for
 * an illegal play — what would have been legal in the same position (the referee's `legal-moves`).
 * Only a reason code this app does not know falls back to the referee's English message.
 */
import type { TFunction } from 'i18next';
import { referee } from '../../rules/referee';
import type { JsonObject } from '../../rules/types';
import { rulePoint } from '../rules-text';
import { REASONS } from './reasons';
import { ruleRefFor } from './rule-refs';

export interface Reason {
  /** Key under explain.reason (null: unknown code). */
  key: string | null;
  /** The named parts of the message: tiles, seats, numbers, as the referee wrote them. */
  parts: Record<string, string>;
}

/** Reads the referee's message of an illegal verdict into a reason key and its parts. */
export function readReason(code: string, message: string): Reason {
  const shapes = REASONS[code];
  if (!shapes) return { key: null, parts: {} };
  for (const shape of shapes) {
    const m = shape.re.exec(message);
    if (m) return { key: shape.key, parts: { ...(m.groups ?? {}) } };
  }
  return { key: null, parts: {} };
}

export interface QuestionInfo {
  game: string;
  preset: string;
  mode?: string;
}

export function questionInfo(question: JsonObject | null, rule?: string): QuestionInfo {
  const rs = question?.ruleset;
  const obj = rs && typeof rs === 'object' && !Array.isArray(rs) ? (rs as JsonObject) : null;
  const preset = typeof rs === 'string' ? rs : typeof obj?.preset === 'string' ? obj.preset : 'default';
  const game = typeof question?.game === 'string' ? question.game : (rule ?? '').split(' ')[0];
  return { game, preset, mode: typeof obj?.mode === 'string' ? obj.mode : undefined };
}

export interface Localizer {
  t: TFunction;
  lang: string;
  /** A seat's name at this table ("P0" → "Eva"); default: "Player 1". */
  seatName?: (seat: string) => string | undefined;
}

const SEAT_PARTS = ['who', 'starter', 'owner', 'a', 'b'];

/** The message parts made readable in the chosen language: names for seats, lists joined with "or". */
export function localizeParts(parts: Record<string, string>, { t, lang, seatName }: Localizer): Record<string, string> {
  const or = (items: string[]) => new Intl.ListFormat(lang, { type: 'disjunction' }).format(items);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parts)) {
    if (v === undefined) continue;
    if (SEAT_PARTS.includes(k)) out[k] = seatLabel(v, t, seatName);
    else if (k === 'leads' || k === 'trains') out[k] = or(v.split(' or '));
    else if (k === 'free') out[k] = or(v.split(', ').map((a) => t(`explain.arm.${a}`)));
    else if (k === 'arm') out[k] = t(`explain.arm.${v}`);
    else if (k === 'dir' || k === 'next') out[k] = t(`explain.dir.${v}`);
    else out[k] = v;
  }
  return out;
}

export function seatLabel(seat: string, t: TFunction, seatName?: (s: string) => string | undefined): string {
  return seatName?.(seat) ?? (/^P\d+$/.test(seat) ? t('explain.player', { n: Number(seat.slice(1)) + 1 }) : seat);
}

export interface Explanation {
  /** The localized reason sentence, or the referee's English message when the code is unknown. */
  reason: string;
  known: boolean;
  /** "§1 Domino" style citation parts, and the rule-book point in the chosen language. */
  section: string;
  game: string;
  ruleText: string | null;
}

export function explainVerdict(answer: JsonObject, question: JsonObject | null, loc: Localizer): Explanation {
  const code = String(answer.code ?? '');
  const message = String(answer.message ?? '');
  const rule = String(answer.rule ?? '');
  const info = questionInfo(question, rule);
  const section = rule.includes('§') ? rule.slice(rule.indexOf('§')) : '';
  const { key, parts } = readReason(code, message);
  const reason = key ? loc.t(`explain.reason.${key}`, localizeParts(parts, loc)) : message;
  const ref = ruleRefFor(info.game, code, key ?? '', { mode: info.mode, preset: info.preset });
  return { reason, known: key !== null, section, game: info.game, ruleText: ref ? rulePoint(loc.lang, info.game, ref) : null };
}

/** What the player to move could have done instead: the referee's legal moves in the same position. */
export function legalAlternatives(question: JsonObject | null): JsonObject[] | null {
  if (!question || typeof question.position !== 'object' || question.position === null) return null;
  const { move: _m, moves: _ms, ...rest } = question;
  try {
    const a = referee({ ...rest, ask: 'legal-moves' });
    return Array.isArray(a.moves) ? (a.moves as JsonObject[]) : null;
  } catch {
    return null;
  }
}
