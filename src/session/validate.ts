/**
 * Checking a game document and its events before they are trusted: an imported file, or an
 * event a screen appends. Every failure is a SessionError whose message says where and what.
 */
import { sidesOf } from './catalogue';
import { checkSetup } from './setup';
import { FORMAT, SessionError, type GameSetup, type RoundEntry, type SessionDoc, type SessionEvent } from './types';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const fail = (code: string, message: string): never => {
  throw new SessionError(code, message);
};
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

function onlyKeys(v: Rec, allowed: readonly string[], where: string, code: string): void {
  for (const k of Object.keys(v)) if (!allowed.includes(k)) fail(code, `${where}: unexpected field "${k}"`);
}

/** A whole document, as read from a file: returns it typed, or throws SessionError. */
export function readDoc(raw: unknown): SessionDoc {
  if (!isRec(raw)) fail('BAD_FORMAT', 'This is not a Pips game file: expected a JSON object.');
  const doc = raw as Rec;
  if (doc.format !== FORMAT) {
    if (typeof doc.format === 'string' && doc.format.startsWith('pips-game/'))
      fail('BAD_FORMAT', `This game file has format ${doc.format}; this version of Pips reads ${FORMAT}.`);
    fail('BAD_FORMAT', `This is not a Pips game file (expected "format": "${FORMAT}").`);
  }
  onlyKeys(doc, ['format', 'id', 'setup', 'createdAt', 'events', 'redo'], 'game file', 'BAD_DOC');
  if (typeof doc.id !== 'string' || doc.id.trim() === '') fail('BAD_DOC', 'id: the game has no id.');
  if (!isTime(doc.createdAt)) fail('BAD_DOC', `createdAt: expected a time in milliseconds, got ${JSON.stringify(doc.createdAt ?? null)}.`);
  const setup = readSetup(doc.setup);
  if (!Array.isArray(doc.events)) fail('BAD_DOC', 'events: expected the list of rounds and other events.');
  if (!Array.isArray(doc.redo)) fail('BAD_DOC', 'redo: expected a list (empty when nothing was undone).');
  const events = doc.events as unknown[];
  const redo = doc.redo as unknown[];
  const seen: SessionEvent[] = [];
  events.forEach((ev, i) => seen.push(checkEvent(setup, seen, ev, `events[${i}]`)));
  // The redo stack must be a valid continuation: its last entry is the next to be redone.
  for (let i = redo.length - 1; i >= 0; i--) seen.push(checkEvent(setup, seen, redo[i], `redo[${i}]`));
  return doc as unknown as SessionDoc;
}

export function readSetup(raw: unknown): GameSetup {
  if (!isRec(raw)) fail('BAD_SETUP', 'setup: expected the game, set, preset and players.');
  const s = raw as Rec;
  onlyKeys(s, ['game', 'set', 'preset', 'overrides', 'players', 'teams'], 'setup', 'BAD_SETUP');
  if (!Array.isArray(s.players) || !s.players.every(isRec)) fail('BAD_SETUP', 'setup.players: expected a list of {"seat", "name"}.');
  (s.players as Rec[]).forEach((p, i) => onlyKeys(p, ['seat', 'name'], `setup.players[${i}]`, 'BAD_SETUP'));
  if (s.overrides !== undefined && !isRec(s.overrides)) fail('BAD_SETUP', 'setup.overrides: expected an object like {"target": 150}.');
  if (s.teams !== undefined && s.teams !== null && !Array.isArray(s.teams)) fail('BAD_SETUP', 'setup.teams: expected two pairs like [["P0","P2"],["P1","P3"]].');
  const problems = checkSetup(s as unknown as GameSetup);
  if (problems.length > 0) fail('BAD_SETUP', `setup: ${problems[0].message}`);
  return s as unknown as GameSetup;
}

const EVENT_KEYS: Record<string, readonly string[]> = {
  round: ['type', 'id', 'at', 'entry'],
  'round-edit': ['type', 'id', 'at', 'roundId', 'entry', 'reason'],
  'move-score': ['type', 'id', 'at', 'side', 'points', 'breakdown'],
  finish: ['type', 'id', 'at'],
};

/** One event appended after `prior`: well formed, and it fits the game and the log so far. */
export function checkEvent(setup: GameSetup, prior: readonly SessionEvent[], raw: unknown, where: string): SessionEvent {
  if (!isRec(raw)) fail('BAD_EVENT', `${where}: expected an event object.`);
  const ev = raw as Rec;
  const keys = typeof ev.type === 'string' ? EVENT_KEYS[ev.type] : undefined;
  if (!keys) fail('BAD_EVENT', `${where}.type: expected round, round-edit, move-score or finish, got ${JSON.stringify(ev.type ?? null)}.`);
  onlyKeys(ev, keys as readonly string[], where, 'BAD_EVENT');
  if (typeof ev.id !== 'string' || ev.id === '') fail('BAD_EVENT', `${where}.id: every event needs an id.`);
  if (!isTime(ev.at)) fail('BAD_EVENT', `${where}.at: expected a time in milliseconds, got ${JSON.stringify(ev.at ?? null)}.`);
  if (prior.some((p) => p.id === ev.id)) fail('DUPLICATE_ID', `${where}.id: "${String(ev.id)}" is used by an earlier event.`);
  if (prior.some((p) => p.type === 'finish')) fail('GAME_FINISHED', `${where}: the game is already finished; undo the finish to add to it.`);
  const sides = sidesOf(setup);
  if (ev.type === 'round' || ev.type === 'round-edit') checkEntry(ev.entry, sides, `${where}.entry`);
  if (ev.type === 'round-edit') {
    if (!prior.some((p) => p.type === 'round' && p.id === ev.roundId))
      fail('UNKNOWN_ROUND', `${where}.roundId: no earlier round has the id ${JSON.stringify(ev.roundId ?? null)}.`);
    if (ev.reason !== undefined && typeof ev.reason !== 'string') fail('BAD_EVENT', `${where}.reason: expected text.`);
  }
  if (ev.type === 'move-score') {
    if (typeof ev.side !== 'string' || !sides.includes(ev.side)) fail('UNKNOWN_SIDE', `${where}.side: ${JSON.stringify(ev.side ?? null)} is not one of ${sides.join(', ')}.`);
    if (typeof ev.points !== 'number' || !Number.isFinite(ev.points)) fail('BAD_POINTS', `${where}.points: expected a number, got ${JSON.stringify(ev.points ?? null)}.`);
    if (!Array.isArray(ev.breakdown) || !ev.breakdown.every(isRec)) fail('BAD_EVENT', `${where}.breakdown: expected a list of {"item", "points"}.`);
  }
  return raw as SessionEvent;
}

const ENTRY_KEYS = ['points', 'winner', 'blocked', 'source', 'position', 'answer', 'note'];

export function checkEntry(raw: unknown, sides: readonly string[], where: string): RoundEntry {
  if (!isRec(raw)) fail('BAD_ENTRY', `${where}: expected the round's points and winner.`);
  const e = raw as Rec;
  onlyKeys(e, ENTRY_KEYS, where, 'BAD_ENTRY');
  if (!isRec(e.points)) fail('BAD_POINTS', `${where}.points: expected points per side, like {"${sides[0]}": 12}.`);
  for (const [k, v] of Object.entries(e.points as Rec)) {
    if (!sides.includes(k)) fail('UNKNOWN_SIDE', `${where}.points: "${k}" does not play in this game (the sides are ${sides.join(', ')}).`);
    if (typeof v !== 'number' || !Number.isFinite(v)) fail('BAD_POINTS', `${where}.points.${k}: expected a number, got ${JSON.stringify(v)}.`);
  }
  if (e.winner !== null && (typeof e.winner !== 'string' || !sides.includes(e.winner)))
    fail('UNKNOWN_SIDE', `${where}.winner: expected null or one of ${sides.join(', ')}, got ${JSON.stringify(e.winner ?? null)}.`);
  if (e.blocked !== undefined && typeof e.blocked !== 'boolean') fail('BAD_ENTRY', `${where}.blocked: expected true or false.`);
  if (e.source !== 'camera' && e.source !== 'hand' && e.source !== 'typed')
    fail('BAD_ENTRY', `${where}.source: expected camera, hand or typed, got ${JSON.stringify(e.source ?? null)}.`);
  for (const k of ['position', 'answer'])
    if (e[k] !== undefined && !isRec(e[k])) fail('BAD_ENTRY', `${where}.${k}: expected a JSON object.`);
  if (e.note !== undefined && typeof e.note !== 'string') fail('BAD_ENTRY', `${where}.note: expected text.`);
  return raw as unknown as RoundEntry;
}
