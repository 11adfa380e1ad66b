import { Text } from 'ink';
import { memo } from 'react';
import { useApi } from '../api-context.js';
import { Pane } from '../components/Pane.js';
import type { DetailsTarget } from '../details-target.js';
import { useDetails, type Details } from '../hooks/use-details.js';
import { AudiobookDetails } from './details/AudiobookDetails.js';
import { ChapterDetails } from './details/ChapterDetails.js';
import { EpisodeDetails } from './details/EpisodeDetails.js';
import { PlaylistDetails } from './details/PlaylistDetails.js';
import { ShowDetails } from './details/ShowDetails.js';
import { TrackDetails } from './details/TrackDetails.js';

export interface DetailsPaneProps {
  /** What to describe; null shows a hint. */
  target: DetailsTarget | null;
  /** Outer size, border included. */
  width: number;
  height: number;
}

const KIND_TITLES: Record<DetailsTarget['kind'], string> = {
  track: 'Track',
  episode: 'Episode',
  chapter: 'Chapter',
  show: 'Show',
  audiobook: 'Audiobook',
  playlist: 'Playlist',
};

/** The border, with the title in it. */
const FRAME_ROWS = 2;
const FRAME_COLUMNS = 2;

/** Everything about the item under the cursor of the focused library list. */
export const DetailsPane = memo(function DetailsPane({ target, width, height }: DetailsPaneProps) {
  const details = useDetails(useApi(), target);
  const inner = { width: Math.max(1, width - FRAME_COLUMNS), height: Math.max(1, height - FRAME_ROWS) };
  return (
    <Pane title={target === null ? 'Details' : KIND_TITLES[target.kind]} isFocused={false} width={width} height={height}>
      {target === null ? (
        <Text dimColor wrap="truncate">
          Move the cursor onto an item.
        </Text>
      ) : (
        <TargetDetails target={target} details={details} {...inner} />
      )}
    </Pane>
  );
});

interface TargetDetailsProps {
  target: DetailsTarget;
  details: Details;
  width: number;
  height: number;
}

function TargetDetails({ target, details, width, height }: TargetDetailsProps) {
  switch (target.kind) {
    case 'track':
      return <TrackDetails track={target.track} width={width} />;
    case 'episode':
      return <EpisodeDetails episode={target.episode} width={width} height={height} />;
    case 'chapter':
      return <ChapterDetails chapter={target.chapter} width={width} height={height} />;
    case 'show':
      return <ShowDetails show={target.show} width={width} height={height} />;
    case 'audiobook':
      return (
        <AudiobookDetails
          audiobook={target.audiobook}
          chapters={details.chapters ?? { state: 'loading' }}
          width={width}
          height={height}
        />
      );
    case 'playlist':
      return <PlaylistDetails playlist={target.playlist} width={width} height={height} />;
  }
}
