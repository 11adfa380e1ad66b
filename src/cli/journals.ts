import { defaultJournalDir } from '../journal/paths.js';
import { JournalStore } from '../journal/store.js';
import type { Journal } from '../ui/state/reorder-journal.js';
import { parseJournal } from '../ui/state/reorder-journal-format.js';
import { UnsavedJournals } from '../ui/unsaved-journals.js';

/**
 * The journals of unsaved moves of `service` for the dashboard: the files under `dir`, written before each
 * move shows, and the journals an earlier run left (oldest first), read at start. A journal that cannot be
 * read is set aside by the store; its line goes to the log and to the status line.
 */
export async function openJournals(service: string, log: (line: string) => void, dir = defaultJournalDir()): Promise<UnsavedJournals> {
  const setAside: string[] = [];
  const store = new JournalStore<Journal>({
    dir,
    parse: parseJournal,
    onNotice: (line) => {
      setAside.push(line);
      log(line);
    },
  });
  let leftOver: Journal[] = [];
  try {
    leftOver = (await store.list(service)).map((found) => found.journal).filter((journal) => journal.service === service);
  } catch (error) {
    const line = `unsaved moves of an earlier run could not be read: ${(error as Error).message}`;
    setAside.push(line);
    log(line);
  }
  leftOver.sort((a, b) => a.updatedAt - b.updatedAt);
  const files = {
    write: (playlistId: string, text: readonly (string | Uint8Array)[]) => store.saveSync(service, playlistId, text),
    remove: (playlistId: string) => store.removeSync(service, playlistId),
  };
  return new UnsavedJournals(service, files, leftOver, setAside);
}
