/** The player commands of the command line; with `status`, what src/cli.tsx hands to src/status/command.ts. */
export const PLAYER_COMMAND_NAMES = ['play', 'pause', 'toggle', 'next', 'prev', 'seek', 'volume', 'shuffle', 'repeat'] as const;

export function isPlayerCommandName(word: string | undefined): boolean {
  return (PLAYER_COMMAND_NAMES as readonly (string | undefined)[]).includes(word);
}

export function isStatusCommandName(word: string | undefined): boolean {
  return word === 'status' || isPlayerCommandName(word);
}
