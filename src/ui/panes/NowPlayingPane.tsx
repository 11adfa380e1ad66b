import { Box, Text } from 'ink';
import { memo } from 'react';
import type { PlaybackState, PlayableItem } from '../../api/types.js';
import { Clock } from '../components/Clock.js';
import { Pane } from '../components/Pane.js';
import { unavailableControls } from '../playback-commands.js';
import { sanitizeText, truncateToWidth } from '../sanitize.js';
import { mutedStyle, useTheme } from '../theme.js';

export interface NowPlayingPaneProps {
  /** The last known playback; null when nothing plays, undefined before the first answer. */
  playback: PlaybackState | null | undefined;
  /** When `playback` arrived, epoch ms: the clock moves on from there. */
  receivedAt: number;
  isFocused: boolean;
  /** Outer size, border included. */
  width: number;
  height: number;
}

const REPEAT_LABEL = { off: 'repeat off', context: 'repeat all', track: 'repeat one' } as const;

/** The line under the title: artists and album, the show, or the audiobook and chapter. */
export function describeSource(item: PlayableItem): string {
  switch (item.type) {
    case 'track':
      return `${item.artists.map((artist) => sanitizeText(artist.name)).join(', ')} · ${sanitizeText(item.album.name)}`;
    case 'episode':
      return item.show ? `${sanitizeText(item.show.name)} · ${sanitizeText(item.show.publisher)}` : 'Podcast episode';
    case 'chapter': {
      const book = item.audiobook ? `${sanitizeText(item.audiobook.name)} · ` : '';
      return `${book}Chapter ${item.chapter_number}`;
    }
  }
}

/** Device, shuffle and repeat, and the controls the service does not permit now. */
export function describeSettings(playback: PlaybackState): string {
  const { device } = playback;
  const volume = device.volume_percent === null ? '' : `, ${device.volume_percent}%`;
  const unavailable = unavailableControls(playback);
  return [
    `${sanitizeText(device.name)} (${sanitizeText(device.type)}${volume})`,
    `shuffle ${playback.shuffle_state ? 'on' : 'off'}`,
    REPEAT_LABEL[playback.repeat_state],
    ...(unavailable.length > 0 ? [`unavailable: ${unavailable.join(', ')}`] : []),
  ].join(' · ');
}

/** What plays, on which device, with the live clock, in four lines. Always visible at the top. */
export const NowPlayingPane = memo(function NowPlayingPane(props: NowPlayingPaneProps) {
  const { playback, receivedAt, isFocused, width, height } = props;
  const theme = useTheme();
  // Inside the border and a space of padding either side.
  const inner = Math.max(1, width - 4);
  const fit = (text: string): string => truncateToWidth(text, inner);
  let body;
  if (playback === undefined) {
    body = <Text {...mutedStyle(theme)}>Asking the player what is on…</Text>;
  } else if (playback === null) {
    body = (
      <>
        <Text>{fit('Nothing is playing.')}</Text>
        <Text {...mutedStyle(theme)}>{fit('Start something on a device and it shows up here.')}</Text>
      </>
    );
  } else {
    const { item } = playback;
    const state = playback.is_playing ? '▶ Playing' : '❚❚ Paused';
    const title = item ? sanitizeText(item.name) : `Something unnamed (${sanitizeText(playback.currently_playing_type)})`;
    body = (
      <>
        <Text bold color={playback.is_playing ? theme.success : undefined}>
          {fit(`${state}  ${title}`)}
        </Text>
        <Text>{fit(item ? describeSource(item) : '')}</Text>
        <Text {...mutedStyle(theme)}>{fit(describeSettings(playback))}</Text>
        <Clock
          progressMs={playback.progress_ms}
          durationMs={item?.duration_ms ?? 0}
          isPlaying={playback.is_playing}
          receivedAt={receivedAt}
          width={inner}
        />
      </>
    );
  }
  return (
    <Pane title="1 Now playing" isFocused={isFocused} width={width} height={height}>
      <Box flexDirection="column" paddingX={1}>
        {body}
      </Box>
    </Pane>
  );
});
