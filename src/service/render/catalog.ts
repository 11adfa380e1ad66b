import { ORIGIN, externalUrlsOf, uriOf, userDocument } from '../store/documents.js';
import { isAvailableIn, trackAvailability } from '../markets.js';
import type { AudiobookRow, CatalogStore, ChapterRow, EpisodeRow, ShowRow, TrackRow } from '../store/catalog.js';
import { simplifiedTrackDocument } from '../store/discography-documents.js';
import type { AlbumRow, ArtistRow } from '../store/discography.js';
import type { ResumeStore } from '../store/resume-points.js';
import { RenderCache, cacheKey, type KeySpec, type Versions } from './cache.js';

/** Adds fields (a JSON fragment `"a":1,"b":2`) at the end of a serialised object. */
export function appendFields(objectJson: string, fields: string): string {
  return `${objectJson.slice(0, -1)},${fields}}`;
}

const UNAVAILABLE = '"is_playable":false,"restrictions":{"reason":"market"}';

/**
 * Turns stored catalog documents into response JSON for one origin, market and user. Every result is
 * memoised: only availability (not the market itself) and the user's resume point (by its version) change a
 * document.
 */
export class CatalogRenderer {
  // The embedded service shares the dashboard's process (and its memory budget): ~1 MB of JSON (the demo's
  // text is one byte a character) holds the tracks of a few pages; past it a document is rebuilt with one
  // string replace, and whole response bodies are cached apart. 4 MB cost the walks ~4 MB of their peaks and
  // saved no measurable time (npm run bench -- --only service,memory).
  private readonly cache = new RenderCache<string>(1_000_000, (json) => json.length);

  constructor(
    private readonly catalog: CatalogStore,
    private readonly resume: ResumeStore,
    private readonly versions: Versions,
  ) {}

  private memo(spec: KeySpec, make: () => string): string {
    return this.cache.get(cacheKey(this.versions, spec), make);
  }

  /** A track as the market sees it: itself, its relinked copy with `linked_from`, or unplayable. */
  track(row: TrackRow, market: string | null, origin: string): string {
    const copy = row.relinkedTo ? this.catalog.track(row.relinkedTo) : null;
    const availability = trackAvailability(row.markets, copy ? copy.markets : null, market);
    return this.memo({ kind: 'track', covers: [], parts: [row.id, availability, origin] }, () => {
      if (availability === 'playable') return withOrigin(appendFields(row.doc, '"is_playable":true'), origin);
      if (availability === 'unplayable') return withOrigin(appendFields(row.doc, UNAVAILABLE), origin);
      return withOrigin(appendFields(copy!.doc, `"is_playable":true,"linked_from":${linkedFromJson(row.id)}`), origin);
    });
  }

  /** A track as an album lists it (without its album, its artists simplified), availability as `track` judges it. */
  simplifiedTrack(row: TrackRow, market: string | null, origin: string): string {
    const copy = row.relinkedTo ? this.catalog.track(row.relinkedTo) : null;
    const availability = trackAvailability(row.markets, copy ? copy.markets : null, market);
    return this.memo({ kind: 'simplified-track', covers: [], parts: [row.id, availability, origin] }, () => {
      const shown = availability === 'relinked' ? copy! : row;
      const columns = this.catalog.discography.track(shown.id)!;
      const artists = columns.artist_ids.split(',').map((id) => ({ id, name: this.catalog.discography.artist(id)?.name ?? '' }));
      const doc = simplifiedTrackDocument(columns, artists, shown.markets);
      if (availability === 'playable') return withOrigin(appendFields(doc, '"is_playable":true'), origin);
      if (availability === 'unplayable') return withOrigin(appendFields(doc, UNAVAILABLE), origin);
      return withOrigin(appendFields(doc, `"is_playable":true,"linked_from":${linkedFromJson(row.id)}`), origin);
    });
  }

  /** A simplified album. */
  album(row: AlbumRow, origin: string): string {
    return this.memo({ kind: 'album', covers: [], parts: [row.id, origin] }, () => withOrigin(row.doc, origin));
  }

  /** A full artist. */
  artist(row: ArtistRow, origin: string): string {
    return this.memo({ kind: 'artist', covers: [], parts: [row.id, origin] }, () => withOrigin(row.doc, origin));
  }

  /** An episode; when unavailable in the market it is marked unplayable (single GETs answer 404 first). */
  episode(row: EpisodeRow, market: string | null, userId: string | null, origin: string): string {
    const playable = isAvailableIn(row.markets, market);
    return this.memo({ kind: 'episode', covers: ['resume'], parts: [row.id, playable, userId, origin] }, () => {
      return withOrigin(appendFields(row.doc, this.episodeFields(row, playable, userId)), origin);
    });
  }

  /** An episode without its show, as a show's episode list has it. */
  simplifiedEpisode(row: EpisodeRow, market: string | null, userId: string | null, origin: string): string {
    const playable = isAvailableIn(row.markets, market);
    return this.memo({ kind: 'simplified-episode', covers: ['resume'], parts: [row.id, playable, userId, origin] }, () => {
      // The show is the last field of the stored document (episodeDocument), and a key cannot occur inside a string.
      const withoutShow = `${row.doc.slice(0, row.doc.lastIndexOf(',"show":'))}}`;
      return withOrigin(appendFields(withoutShow, this.episodeFields(row, playable, userId)), origin);
    });
  }

  private episodeFields(row: EpisodeRow, playable: boolean, userId: string | null): string {
    return `${playable ? '"is_playable":true' : UNAVAILABLE},"resume_point":${JSON.stringify(this.resume.get(userId, row.id))}`;
  }

  /** A chapter, full (with its simplified audiobook) or simplified (in an audiobook's chapter list). */
  chapter(row: ChapterRow, market: string | null, userId: string | null, origin: string, simplified: boolean): string {
    const playable = isAvailableIn(row.markets, market);
    const parts = [row.id, playable, userId, simplified, origin];
    return this.memo({ kind: 'chapter', covers: ['resume'], parts }, () => {
      const resume = this.resume.get(userId, row.id);
      let fields = `${playable ? '"is_playable":true' : UNAVAILABLE},"resume_point":${JSON.stringify(resume)}`;
      if (!simplified) fields += `,"audiobook":${this.catalog.audiobook(row.audiobookId)!.doc}`;
      return withOrigin(appendFields(row.doc, fields), origin);
    });
  }

  /** A user as `added_by` (without display name) or as a playlist owner (with it). */
  user(userId: string, origin: string, withDisplayName: boolean): string {
    return this.memo({ kind: 'user', covers: [], parts: [userId, withDisplayName, origin] }, () => {
      const user = this.catalog.user(userId) ?? { id: userId, display_name: userId };
      return withOrigin(JSON.stringify(userDocument(user, withDisplayName)), origin);
    });
  }

  /** A simplified show. */
  show(row: ShowRow, origin: string): string {
    return this.memo({ kind: 'show', covers: [], parts: [row.id, origin] }, () => withOrigin(row.doc, origin));
  }

  /** A simplified audiobook. */
  audiobook(row: AudiobookRow, origin: string): string {
    return this.memo({ kind: 'audiobook', covers: [], parts: [row.id, origin] }, () => withOrigin(row.doc, origin));
  }
}

/** The track asked for, when its relinked copy is answered in its place. */
function linkedFromJson(trackId: string): string {
  return JSON.stringify({
    external_urls: externalUrlsOf('track', trackId),
    href: `${ORIGIN}/v1/tracks/${trackId}`,
    id: trackId,
    type: 'track',
    uri: uriOf('track', trackId),
  });
}

export function withOrigin(json: string, origin: string): string {
  return json.replaceAll(ORIGIN, origin);
}
