/**
 * `npm run --silent analyze -- [--json] IMAGE...`: reads every tile on a table photo
 * (spec/table-reading.md). With --json, one reading per line (JSON Lines) in the order given; the
 * model is loaded once. A missing or unreadable file: a message on stderr, the other images are
 * still read, and the command exits 2 at the end.
 *   --game GAME: the game on the table; a domino's halves that meet are read together where the game's
 *     halves that meet carry one number (all but matador: src/vision/joints.ts)
 *   --position --game GAME [--seats N] [--set SET]: adds the referee position and the rules' flags
 *   --previous position.json: adds the move(s) between that position and the image, judged by the referee
 *   --overlay DIR: also writes DIR/NAME.overlay.png, the image as read (EXIF orientation applied) with
 *     every tile outlined, coloured by the app's confidence bands (green sure, amber look at it, red
 *     doubtful)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { GAMES } from '../rules/games';
import type { GameId, JsonObject } from '../rules/types';
import { bandOf, type Band } from '../app/table/corrections';
import { encodePng } from '../synth/encode';
import { drawReading, type Colour } from '../vision/draw-reading';
import { reconstruct } from '../vision/reconstruct';
import { findMoves, judgeMoves } from '../vision/reconstruct/moves';
import type { Rgba, TableReading } from '../vision/types';
import { jointsFor } from '../vision/joints';
import { loadNodeVision } from './vision-node';

interface PositionOptions {
  game: GameId;
  seats: number;
  set?: string;
  previous?: JsonObject;
}

/** The set a reading comes from, where the command line does not say: the game's, by the largest value seen. */
function setFor(o: PositionOptions, r: TableReading): string {
  if (o.set) return o.set;
  const sets = GAMES[o.game].sets;
  if (sets.length === 1) return sets[0];
  const top = Math.max(0, ...r.tiles.flatMap((t) => t.values));
  return top > 9 ? 'double-12' : top > 6 ? 'double-9' : sets[0];
}

function withPosition(r: TableReading, o: PositionOptions): JsonObject {
  const setup = { game: o.game, set: setFor(o, r), seats: o.seats };
  const rec = reconstruct(r, { ...setup, previous: o.previous });
  const out: JsonObject = { ...(r as unknown as JsonObject), game: o.game, set: setup.set, seats: o.seats, position: rec.position, flags: rec.flags as unknown as JsonObject[] };
  if (o.previous) {
    const found = findMoves(o.previous, rec.position, o.game);
    const judged = judgeMoves(setup, o.previous, found.moves);
    out.moves = judged.judged as unknown as JsonObject[];
    if (found.problem) out.move_problem = found.problem;
  }
  return out;
}

const BAND_COLOURS: Record<Band, Colour> = { sure: [0, 200, 60], unsure: [255, 170, 0], doubtful: [230, 20, 20] };

/**
 * Where the overlay of `file` goes in `dir`: its name without the extension, plus .overlay.png; a name
 * already written in this run (a.jpg from two folders) gets -2, -3, ... so that no overlay is lost.
 */
function overlayPath(dir: string, file: string, taken: Set<string>): string {
  const stem = basename(file, extname(file));
  let name = `${stem}.overlay.png`;
  for (let k = 2; taken.has(name); k++) name = `${stem}-${k}.overlay.png`;
  taken.add(name);
  return join(dir, name);
}

function summary(file: string, r: TableReading): string {
  const tiles = r.tiles.map((t) => `${t.values.join(t.kind === 'domino' ? '|' : '-')} (${Math.round(t.confidence * 100)}%${t.doubt ? ', ' + t.doubt : ''})`);
  const pips = r.tiles.reduce((n, t) => n + t.values.reduce((a, b) => a + b, 0), 0);
  return `${basename(file)}: ${r.tiles.length} tile${r.tiles.length === 1 ? '' : 's'}, ${pips} pips${tiles.length ? '\n  ' + tiles.join('\n  ') : ''}\n`;
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        json: { type: 'boolean', default: false },
        position: { type: 'boolean', default: false },
        game: { type: 'string' },
        seats: { type: 'string' },
        set: { type: 'string' },
        previous: { type: 'string' },
        overlay: { type: 'string' },
      },
      allowPositionals: true,
    });
  } catch (e) {
    process.stderr.write(`analyze: ${(e as Error).message}\nusage: npm run --silent analyze -- [--json] [--game GAME] [--overlay DIR] IMAGE...\n`);
    return 2;
  }
  const files = parsed.positionals;
  if (files.length === 0) {
    process.stderr.write('usage: npm run --silent analyze -- [--json] [--game GAME] [--overlay DIR] IMAGE...\n');
    return 2;
  }
  const game = parsed.values.game;
  if (game !== undefined && !(game in GAMES)) {
    process.stderr.write(`analyze: --game ${game}: no such game; one of ${Object.keys(GAMES).join(', ')}\n`);
    return 2;
  }
  let positions: PositionOptions | null = null;
  if (parsed.values.position || parsed.values.previous) {
    if (!game) {
      process.stderr.write(`analyze: --position needs --game, one of ${Object.keys(GAMES).join(', ')}\n`);
      return 2;
    }
    const seats = parsed.values.seats ? Number(parsed.values.seats) : GAMES[game as GameId].seatCounts[0];
    if (!GAMES[game as GameId].seatCounts.includes(seats)) {
      process.stderr.write(`analyze: ${game} is played by ${GAMES[game as GameId].seatCounts.join(', ')} players\n`);
      return 2;
    }
    let previous: JsonObject | undefined;
    if (parsed.values.previous) {
      try {
        const raw = JSON.parse(readFileSync(parsed.values.previous, 'utf8')) as JsonObject;
        // A whole referee question is accepted too: its "position" is taken.
        previous = (raw.position as JsonObject | undefined) ?? raw;
      } catch (e) {
        process.stderr.write(`analyze: --previous ${parsed.values.previous}: ${(e as Error).message}\n`);
        return 2;
      }
    }
    positions = { game: game as GameId, seats, set: parsed.values.set, previous };
  }
  const overlay = parsed.values.overlay;
  if (overlay !== undefined) {
    try {
      mkdirSync(overlay, { recursive: true });
    } catch (e) {
      process.stderr.write(`analyze: --overlay ${overlay}: cannot make that folder (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`);
      return 2;
    }
  }
  const written = new Set<string>();
  const vision = await loadNodeVision();
  let status = 0;
  for (const file of files) {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(file));
    } catch (e) {
      process.stderr.write(`analyze: ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'cannot read it'}\n`);
      status = 2;
      continue;
    }
    let reading: TableReading;
    let image: Rgba;
    try {
      image = await vision.decode(bytes);
      reading = vision.readFrame(image, { joints: jointsFor(game) });
    } catch (e) {
      process.stderr.write(`analyze: ${file}: ${(e as Error).message}\n`);
      status = 2;
      continue;
    }
    const out = positions ? withPosition(reading, positions) : reading;
    if (parsed.values.json) process.stdout.write(JSON.stringify(out) + '\n');
    else process.stdout.write(summary(file, reading) + (positions ? `  position: ${JSON.stringify((out as JsonObject).position)}\n` : ''));
    if (overlay !== undefined) {
      const to = overlayPath(overlay, file, written);
      try {
        writeFileSync(to, encodePng(drawReading(image, reading, (t) => BAND_COLOURS[bandOf(t.confidence)])));
      } catch (e) {
        process.stderr.write(`analyze: ${to}: cannot write it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`);
        status = 2;
      }
    }
  }
  vision.dispose();
  return status;
}

main().then(
  (code) => (process.exitCode = code),
  (e: Error) => {
    process.stderr.write(`analyze: ${e.message}\n`);
    process.exitCode = 2;
  },
);
