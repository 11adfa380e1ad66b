import { useEffect, useRef, useState } from 'react';
import type { Api } from '../../api/api.js';
import type { MusicFolderScan } from '../../api/music-folder.js';
import { useServices } from '../context/app-services.js';
import { emitCatalogChanged } from '../signals.js';

/** How often the scan's progress is asked for while it runs; at rest it is never asked (decisions §16, §19). */
export const SCAN_POLL_MS = 2_000;

/** The status line's words for a scan under way. */
export function scanLine(scan: MusicFolderScan): string {
  if (!scan.first && scan.read === 0) return `checking your music folder: ${scan.found} files`;
  return `reading your music: ${scan.found} files found, ${scan.read} read, ${scan.perSecond}/s`;
}

/**
 * The music folder's scan as the status line shows it: asked for once at start, then every SCAN_POLL_MS while
 * a scan runs, and no more once it is done. Files read are signalled as a change of the catalog (the lists
 * of the library and of playlists read themselves again, paced); `say` shows once why nothing can be heard. A
 * service without a music folder (another service, which answers 404) is asked once; an ask that fails while
 * a scan is shown is made again.
 */
export function useMusicScan(api: Api, say: (message: string) => void): string | null {
  const [line, setLine] = useState<string | null>(null);
  const { signals } = useServices();
  const handlers = useRef({ say, signals });
  handlers.current = { say, signals };
  useEffect(() => {
    const getMusicFolder = api.getMusicFolder;
    if (getMusicFolder === undefined) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let isStopped = false;
    let hasSaidProblem = false;
    let readBefore = 0;
    let isScanning = false;
    const askAgain = (): void => {
      timer = setTimeout(() => void ask(), SCAN_POLL_MS);
    };
    const ask = async (): Promise<void> => {
      let state;
      try {
        state = await getMusicFolder();
      } catch {
        // A service without a music folder answers 404 to the first ask: no more. A failure while a scan is
        // shown is asked again, so that its line never stays after the scan.
        if (isScanning && !isStopped) askAgain();
        return;
      }
      if (isStopped) return;
      if (state.soundProblem !== null && !hasSaidProblem) {
        hasSaidProblem = true;
        handlers.current.say(state.soundProblem);
      }
      const scan = state.scan;
      if (scan !== null && scan.read !== readBefore) {
        readBefore = scan.read;
        if (handlers.current.signals !== null) emitCatalogChanged(handlers.current.signals);
      }
      isScanning = scan?.state === 'scanning';
      if (scan?.state !== 'scanning') return setLine(null);
      setLine(scanLine(scan));
      askAgain();
    };
    void ask();
    return () => {
      isStopped = true;
      if (timer !== null) clearTimeout(timer);
    };
  }, [api]);
  return line;
}
