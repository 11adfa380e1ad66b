/** Why the catalog cannot be heard, each in one line that says how to mend it (ServiceContext.soundProblem). */
import { sanitizeText } from '../../text/sanitize.js';

const INSTALL = "install it from your system's packages (apt install mpv · dnf install mpv · pacman -S mpv · brew install mpv)";

/** mpv is not on the PATH. */
export const MPV_MISSING = `sound needs mpv: ${INSTALL}`;

/** mpv is there but never answered: too old for the IPC playdeck uses, or broken. */
export function mpvNotStarting(detail: string): string {
  return `sound needs mpv 0.35 or newer: mpv could not be started (${sanitizeText(detail)}); ${INSTALL}`;
}

/** mpv ran, then kept ending however often it was started again. */
export function mpvKeptEnding(times: number, detail: string): string {
  return `sound stopped: mpv ended ${times} times in a row (${sanitizeText(detail)}); the player goes on silent until playdeck starts again`;
}

/** mpv runs but no audio output opens. */
export function noAudioOutput(detail: string): string {
  return `no sound: mpv could not open an audio output (${sanitizeText(detail)}); check the system's sound, the player goes on silent meanwhile`;
}
