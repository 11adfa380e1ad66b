import { KITTY_QUERY } from '../terminal/kitty.js';
import { shouldAskForKitty, type ArtSetting } from '../ui/art/mode.js';

/** The question for the terminal as the screen opens: whether it draws kitty graphics, where nothing tells (or ''). */
export function kittyQuestion(input: NodeJS.ReadStream, art: ArtSetting, env: NodeJS.ProcessEnv): string {
  return input.isTTY && shouldAskForKitty(art, env) ? KITTY_QUERY : '';
}
