import { Box, Text } from 'ink';
import { memo, useEffect, useState } from 'react';
import type { ConnectionStatus } from '../../api/api.js';
import { useKeyBindings } from '../context/bindings-context.js';
import { firstKeyLabel } from '../../keys/bindings.js';
import { sanitizeText, truncateToWidth } from '../sanitize.js';
import { mutedStyle, useTheme } from '../context/theme.js';

export type StatusTone = 'info' | 'error';

export interface StatusBarProps {
  width: number;
  /** The one thing to say now: a refusal, an error, a pane's news; null for nothing. */
  message: string | null;
  tone: StatusTone;
  connection: ConnectionStatus;
  /** While the playback poll fails: when its data last came (its age is shown); else null. */
  staleSince: number | null;
}

const MAX_CONNECTION_COLUMNS = 60;

function seconds(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  return total < 120 ? `${total} s` : `${Math.floor(total / 60)} min`;
}

/**
 * The connection in a few words; a rate limit counts down to when requests go out again. A failure whose words
 * the left side shows already (`shown`: a failed poll says the same) is only named, leaving the room to them.
 */
export function describeConnection(status: ConnectionStatus, now: number, shown: string | null = null): string {
  switch (status.state) {
    case 'online':
      return 'online';
    case 'rate-limited':
      return status.until > now ? `rate-limited, retrying in ${seconds(status.until - now)}` : 'rate-limited, retrying now';
    case 'retrying':
    case 'offline':
      return shown?.includes(status.message) ? status.state : `${status.state}: ${sanitizeText(status.message)}`;
    case 'unauthorized':
      // The message already says what to do ("session expired: run `playdeck login`"); a prefix would cut it.
      return sanitizeText(status.message);
  }
}

/** The right-hand side: connection, data age, key hint. Ticks each second only while something counts. */
const StatusRight = memo(function StatusRight({ connection, staleSince, message }: Pick<StatusBarProps, 'connection' | 'staleSince' | 'message'>) {
  const theme = useTheme();
  const [, setTick] = useState(0);
  const isCounting = staleSince !== null || connection.state === 'rate-limited';
  useEffect(() => {
    if (!isCounting) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), 1000);
    return () => clearTimeout(timer);
  });
  const now = Date.now();
  const parts = [truncateToWidth(describeConnection(connection, now, message), MAX_CONNECTION_COLUMNS)];
  if (staleSince !== null) parts.push(`data ${seconds(now - staleSince)} old`);
  const isTroubled = connection.state !== 'online' || staleSince !== null;
  const bindings = useKeyBindings();
  const hint = `${firstKeyLabel('help', bindings)} help · ${firstKeyLabel('quit', bindings)} quit`;
  return (
    <Text {...(isTroubled ? { color: theme.warning } : mutedStyle(theme))} wrap="truncate">
      {`${parts.join(' · ')} │ ${hint}`}
    </Text>
  );
});

/** The bottom line: what just happened on the left, the connection and the key hint on the right. */
export const StatusBar = memo(function StatusBar({ width, message, tone, connection, staleSince }: StatusBarProps) {
  const theme = useTheme();
  return (
    <Box width={width} height={1} overflow="hidden">
      <Box flexGrow={1} flexShrink={1} minWidth={0}>
        <Text color={tone === 'error' ? theme.error : undefined} wrap="truncate">
          {message === null ? '' : sanitizeText(message)}
        </Text>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        <StatusRight connection={connection} staleSince={staleSince} message={message} />
      </Box>
    </Box>
  );
});
