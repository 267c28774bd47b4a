/**
 * "Is this legal?" by hand, and positions in and out (issue 6 §4–5): a question in the referee's JSON
 * (spec/referee.md) — typed, imported from a file, or started from the current game — answered
 * with the verdict, the reason code and the rule it cites.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { referee, RefereeError } from '../../rules/referee';
import type { JsonObject } from '../../rules/types';
import { importPosition } from '../../session';
import { downloadJson, readJsonFile } from '../files';
import { VerdictView } from '../components/verdict';

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

type Reply = { answer: JsonObject } | { error: { code: string; message: string } };

export function ask(text: string): Reply {
  try {
    return { answer: referee(JSON.parse(text)) };
  } catch (e) {
    if (e instanceof RefereeError) return { error: { code: e.code, message: e.message } };
    return { error: { code: 'BAD_JSON', message: (e as Error).message } };
  }
}

export function RefereeScreen() {
  const { t } = useTranslation();
  const [question, setQuestion] = useState(JSON.stringify(EXAMPLE, null, 2));
  const [reply, setReply] = useState<Reply | null>(null);
  const load = async (f: File) => {
    try {
      // The referee reads the position first: a file it cannot read is refused here, with its reason.
      const raw = (await readJsonFile(f)) as JsonObject;
      const share = importPosition(raw) as unknown as JsonObject;
      const ask = raw.ask !== undefined ? { ask: raw.ask, ...(raw.move !== undefined ? { move: raw.move } : {}), ...(raw.moves !== undefined ? { moves: raw.moves } : {}) } : { ask: 'legal-moves' };
      setQuestion(JSON.stringify({ ...share, ...ask }, null, 2));
      setReply(null);
    } catch (e) {
      setReply({ error: { code: (e as { code?: string }).code ?? 'BAD_JSON', message: (e as Error).message } });
    }
  };
  return (
    <section className="screen" aria-labelledby="referee-title">
      <h2 id="referee-title">{t('referee.title')}</h2>
      <p className="hint">{t('referee.hint')}</p>
      <label htmlFor="question">{t('referee.question')}</label>
      <textarea id="question" aria-label={t('referee.question')} value={question} onChange={(e) => setQuestion(e.target.value)} rows={16} style={{ width: '100%', fontFamily: 'monospace' }} />
      <div className="actions">
        <button type="button" className="primary" onClick={() => setReply(ask(question))}>
          {t('referee.ask')}
        </button>
        <label className="button">
          {t('referee.importPosition')}
          <input aria-label={t('referee.importPosition')} type="file" accept="application/json,.json" className="sr-only" onChange={(e) => e.target.files?.[0] && void load(e.target.files[0])} />
        </label>
        <button
          type="button"
          onClick={() => {
            try {
              downloadJson('pips-position.json', JSON.parse(question));
            } catch (e) {
              setReply({ error: { code: 'BAD_JSON', message: (e as Error).message } });
            }
          }}
        >
          {t('referee.exportPosition')}
        </button>
      </div>
      {reply && ('error' in reply ? <p role="alert" className="error">{`${reply.error.code}: ${reply.error.message}`}</p> : <VerdictView answer={reply.answer} question={safeParse(question)} />)}
      {reply && 'answer' in reply && (
        <details>
          <summary>{t('referee.rawAnswer')}</summary>
          <pre aria-label={t('referee.rawAnswer')}>{JSON.stringify(reply.answer, null, 2)}</pre>
        </details>
      )}
    </section>
  );
}

function safeParse(text: string): JsonObject | null {
  try {
    return JSON.parse(text) as JsonObject;
  } catch {
    return null;
  }
}
