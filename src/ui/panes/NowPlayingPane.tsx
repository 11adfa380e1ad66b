import { Box, Text } from 'ink';
import { memo } from 'react';
import { useServices } from '../context/app-services.js';
import { coverBox } from '../art/cover-cells.js';
import { imagesOf, smallestCovering } from '../art/pick-image.js';
import { CoverPicture } from '../components/CoverPicture.js';
import type { PlaybackState, PlayableItem } from '../../api/types.js';
import { Clock } from '../components/Clock.js';
import { LIKED_MARK } from '../liked/likeable.js';
import { Pane } from '../components/Pane.js';
import { joinPresent } from '../format.js';
import { unavailableControls } from '../playback-commands.js';
import { sanitizeText, truncateToWidth } from '../sanitize.js';
import type { SleepTimer } from '../state/sleep-timer.js';
import { mutedStyle, useTheme } from '../context/theme.js';

export interface NowPlayingPaneProps {
  /** The last known playback; null when nothing plays, undefined before the first answer. */
  playback: PlaybackState | null | undefined;
  /** When `playback` arrived, epoch ms: the clock moves on from there. */
  receivedAt: number;
  isFocused: boolean;
  /** Outer size, border included. */
  width: number;
  height: number;
  /** The context the dashboard started ("from Silver Magpies"), added to the source line. */
  contextLabel?: string | null;
  /** What plays next, shown in the lines the height leaves under the clock. */
  upNext?: readonly PlayableItem[];
  /** What plays is liked (a ♥ after its name); null or absent while unknown or for what cannot be liked. */
  isLiked?: boolean | null;
  /** The sleep timer, when one runs: its time left follows the clock. */
  sleep?: SleepTimer | null;
}

/** The border and the four lines above up next. */
const UP_NEXT_FROM_ROW = 6;

/** After the name of what plays when it is liked; its own columns, so that a long name never cuts it. */
const LIKED_SUFFIX = `  ${LIKED_MARK}`;

const REPEAT_LABEL = { off: 'repeat off', context: 'repeat all', track: 'repeat one' } as const;

/** The line under the title: artists and album, the show, or the audiobook and chapter. */
export function describeSource(item: PlayableItem): string {
  switch (item.type) {
    case 'track':
      return joinPresent([item.artists.map((artist) => sanitizeText(artist.name)).join(', '), sanitizeText(item.album.name)]);
    case 'episode':
      return item.show ? joinPresent([sanitizeText(item.show.name), sanitizeText(item.show.publisher)]) : 'Podcast episode';
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
  const { playback, receivedAt, isFocused, width, height, upNext = [] } = props;
  const theme = useTheme();
  const { artMode } = useServices();
  const box = artMode.kind === 'off' ? null : coverBox(height - 2, width - 4);
  const item = playback?.item ?? null;
  const hasPicture = box !== null && item !== null && smallestCovering(imagesOf(item), box.columns) !== null;
  // Inside the border and a space of padding either side, less the picture and its margin when there is one.
  const inner = Math.max(1, width - 4 - (hasPicture && box ? box.columns + 2 : 0));
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
          {props.isLiked === true ? `${truncateToWidth(`${state}  ${title}`, Math.max(1, inner - LIKED_SUFFIX.length))}${LIKED_SUFFIX}` : fit(`${state}  ${title}`)}
        </Text>
        <Text>{fit([item ? describeSource(item) : '', props.contextLabel ?? ''].filter((part) => part !== '').join(' · '))}</Text>
        <Text {...mutedStyle(theme)}>{fit(describeSettings(playback))}</Text>
        <Clock
          progressMs={playback.progress_ms}
          durationMs={item?.duration_ms ?? 0}
          isPlaying={playback.is_playing}
          receivedAt={receivedAt}
          width={inner}
          sleep={props.sleep ?? null}
        />
        {upNext.slice(0, Math.max(0, height - UP_NEXT_FROM_ROW)).map((next, index) => (
          <Text key={`${index}:${next.id}`} dimColor>
            {fit(`${index === 0 ? 'Next' : 'Then'}  ${sanitizeText(next.name)} · ${describeSource(next)}`)}
          </Text>
        ))}
      </>
    );
  }
  return (
    <Pane title="1 Now playing" isFocused={isFocused} width={width} height={height}>
      <Box flexDirection="row" paddingX={1}>
        {hasPicture && box && item ? <CoverPicture item={item} box={box} mode={artMode} /> : null}
        <Box flexDirection="column">{body}</Box>
      </Box>
    </Pane>
  );
});
