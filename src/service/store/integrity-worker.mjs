// The integrity check's worker thread (integrity-check.ts starts it): `PRAGMA quick_check` on a connection of
// its own, read-only, so that reading the whole file never holds up the thread that serves. Plain JavaScript,
// so that Node runs it as it is from src (tests); scripts/build.mjs bundles it beside the service's chunk.
import { parentPort, workerData } from 'node:worker_threads';
import Sqlite from 'better-sqlite3';

const DAMAGE = /^SQLITE_(CORRUPT|NOTADB)/;

/** @returns {{ kind: 'ok' } | { kind: 'damaged', detail: string } | { kind: 'failed', detail: string }} */
function check(path) {
  let db;
  try {
    db = new Sqlite(path, { readonly: true, fileMustExist: true });
    // quick_check(1): stop at the first problem; one is enough to know.
    const problems = db
      .pragma('quick_check(1)', { simple: false })
      .map((row) => String(Object.values(row)[0]))
      .filter((text) => text !== 'ok')
      // "*** in database main ***\nTree 4 page 86: …": one line for the log.
      .map((text) => text.replace(/^\*\*\* in database \w+ \*\*\*\s*/, '').replace(/\s*\n\s*/g, ' '));
    return problems.length === 0 ? { kind: 'ok' } : { kind: 'damaged', detail: `integrity check: ${problems.join('; ')}` };
  } catch (error) {
    // A page too broken to walk makes quick_check throw rather than answer.
    const detail = `integrity check: ${error instanceof Error ? error.message : String(error)}`;
    return DAMAGE.test(String(error?.code)) ? { kind: 'damaged', detail } : { kind: 'failed', detail };
  } finally {
    db?.close();
  }
}

parentPort.postMessage(check(workerData.path));
