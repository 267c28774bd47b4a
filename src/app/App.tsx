/**
 * The first page of Pips: until the camera and scorekeeping screens land, it asks the referee a
 * question in the JSON of spec/referee.md ("can 8|4 follow 8|8?") and shows its verdict.
 */
import { useState } from 'react';
import { referee, RefereeError } from '../rules/referee';

const EXAMPLE = {
  game: 'vlaky',
  ruleset: 'default',
  set: 'double-12',
  seats: 2,
  position: {
    trains: { T1: { owner: null, cars: ['12|12', '12|6', '6|8', '8|8'], matchstick: false } },
    hands: { P0: ['4-8', '8-9', '0-3'], P1: 14 },
    stock: 62,
    to_move: 'P0',
  },
  ask: 'check-move',
  move: { action: 'attach', train: 'T1', tiles: ['8|4'] },
};

function answer(text: string): string {
  try {
    return JSON.stringify(referee(JSON.parse(text)), null, 2);
  } catch (e) {
    if (e instanceof RefereeError) return JSON.stringify({ error: { code: e.code, message: e.message } }, null, 2);
    return JSON.stringify({ error: { code: 'BAD_JSON', message: (e as Error).message } }, null, 2);
  }
}

export function App() {
  const [question, setQuestion] = useState(JSON.stringify(EXAMPLE, null, 2));
  const [reply, setReply] = useState<string | null>(null);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 900, margin: '2rem auto', padding: '0 1rem' }}>
      <h1>Pips</h1>
      <p>The domino table companion. Ask the referee: paste a position and a question (spec/referee.md).</p>
      <label htmlFor="question">Question</label>
      <textarea
        id="question"
        aria-label="Question for the referee"
        value={question}
        onChange={(e) => setQuestion(e.target.value)}
        rows={18}
        style={{ width: '100%', fontFamily: 'monospace' }}
      />
      <p>
        <button type="button" onClick={() => setReply(answer(question))}>
          Ask the referee
        </button>
      </p>
      {reply !== null && (
        <pre aria-label="Referee answer" role="status" style={{ background: '#f4f1ea', padding: '1rem', whiteSpace: 'pre-wrap' }}>
          {reply}
        </pre>
      )}
    </main>
  );
}
