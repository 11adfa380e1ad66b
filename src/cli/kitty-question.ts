import type { Config } from '../config/schema.js';
import { KITTY_QUERY } from '../terminal/kitty.js';
import { shouldAskForKitty } from '../ui/art/mode.js';

/** The question for the terminal as the screen opens: whether it draws kitty graphics, where nothing tells (or ''). */
export function kittyQuestion(input: NodeJS.ReadStream, config: Config, env: NodeJS.ProcessEnv): string {
  return input.isTTY && shouldAskForKitty(config.art.mode, env) ? KITTY_QUERY : '';
}
