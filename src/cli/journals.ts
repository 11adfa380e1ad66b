import { defaultJournalDir } from '../journal/paths.js';
import { JournalStore } from '../journal/store.js';
import type { Journal } from '../ui/playlist-editor/model/journal.js';
import { parseJournal } from '../ui/playlist-editor/model/journal-format.js';
import { UnsavedJournals, type JournalFiles } from '../ui/playlist-editor/model/unsaved-journals.js';

/**
 * The journals of unsaved moves of `service` for the dashboard: this dashboard's own files under `dir`, written
 * before each move shows, and the journals earlier runs left (oldest first, any number per playlist), read at
 * start; another dashboard's files are never written or removed here. A journal that cannot be
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
  // Which file each journal an earlier run left was read from: it goes once its moves are taken over or discarded.
  const foundIn = new Map<Journal, string>();
  try {
    for (const found of await store.list(service)) {
      if (found.journal.service !== service) continue;
      leftOver.push(found.journal);
      foundIn.set(found.journal, found.file);
    }
  } catch (error) {
    const line = `unsaved moves of an earlier run could not be read: ${(error as Error).message}`;
    setAside.push(line);
    log(line);
  }
  leftOver.sort((a, b) => a.updatedAt - b.updatedAt);
  const files: JournalFiles = {
    write: (playlistId, text) => store.saveSync(service, playlistId, text),
    remove: (playlistId) => store.removeSync(service, playlistId),
    removeLeftOver: (journal) => {
      const file = foundIn.get(journal);
      if (file !== undefined) store.removeFoundSync(file);
    },
  };
  return new UnsavedJournals(service, files, leftOver, setAside);
}
