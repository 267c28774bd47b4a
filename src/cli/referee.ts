/**
 * `npm run --silent referee -- question.json` (or `-` for standard input): one JSON answer on
 * standard output and exit 0; a question that cannot be read exits 2 with {"error": {code, message}}.
 */
import { readFileSync } from 'node:fs';
import { RefereeError, refereeText } from '../rules/referee';

function main(argv: string[]): number {
  const args = argv.filter((a) => a !== '--');
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    const usage = 'usage: npm run --silent referee -- question.json   (or - to read standard input)';
    if (args[0] === '--help' || args[0] === '-h') {
      process.stdout.write(usage + '\n');
      return 0;
    }
    return error('BAD_QUESTION', usage);
  }
  let text: string;
  try {
    text = readFileSync(args[0] === '-' ? 0 : args[0], 'utf8');
  } catch (e) {
    return error('BAD_QUESTION', `cannot read ${args[0]}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    process.stdout.write(JSON.stringify(refereeText(text)) + '\n');
    return 0;
  } catch (e) {
    if (e instanceof RefereeError) return error(e.code, e.message);
    // A bug of ours, not of the question: still one JSON line and exit 2, never a stack trace.
    return error('INTERNAL', `the referee failed on this question: ${(e as Error).message}`);
  }
}

function error(code: string, message: string): number {
  process.stdout.write(JSON.stringify({ error: { code, message } }) + '\n');
  return 2;
}

process.exitCode = main(process.argv.slice(2));
