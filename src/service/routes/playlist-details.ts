import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireScope } from '../auth.js';
import type { ServiceContext } from '../context.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { grantOf, marketFor, originOf, sendJson, userOf } from '../http.js';
import { idParam } from '../params.js';
import { playlistJson } from '../render/playlists.js';
import type { PlaylistDetails } from '../store/playlists.js';
import { bodyObject, scopeFor, type Body } from './playlist-write.js';
import { plainRoute } from './route.js';

/** The bounds of a playlist's name and description (decisions §7), in characters. */
export const MAX_NAME = 100;
export const MAX_DESCRIPTION = 300;
// Plain text on one line: no control characters (line breaks included), no lone surrogates.
const NOT_PLAIN = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udfff]/u;

export const ONLY_OWNER = 'You cannot change the details of a playlist you do not own';

function textField(body: Body, name: 'name' | 'description', max: number): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`Invalid ${name}: must be a string`);
  if (name === 'name' && value.trim() === '') throw badRequest('Invalid name: must not be empty');
  if ([...value].length > max) throw badRequest(`Invalid ${name}: at most ${max} characters`);
  if (NOT_PLAIN.test(value)) throw badRequest(`Invalid ${name}: plain text on one line, without control characters`);
  return value;
}

function flagField(body: Body, name: 'public' | 'collaborative'): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`Invalid ${name}: must be true or false`);
  return value;
}

function checked(details: PlaylistDetails): PlaylistDetails {
  if (details.collaborative && details.isPublic) {
    throw badRequest('Invalid collaborative: a collaborative playlist cannot be public (set public to false)');
  }
  return details;
}

/** A new playlist from the body, checked, for the token's user: its scopes are those its visibility asks. */
function create(context: ServiceContext, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const userId = userOf(request);
  const body = bodyObject(request.body);
  const name = textField(body, 'name', MAX_NAME);
  if (name === undefined) throw badRequest('Missing required field: name');
  const details = checked({
    name,
    description: textField(body, 'description', MAX_DESCRIPTION) ?? '',
    isPublic: flagField(body, 'public') ?? true,
    collaborative: flagField(body, 'collaborative') ?? false,
  });
  // A collaborative playlist asks for both, as the reference says.
  requireScope(grantOf(request), scopeFor(details.isPublic));
  if (details.collaborative) requireScope(grantOf(request), scopeFor(true));
  // The local user's playlists are files of the music folder, when there is one (decisions §21).
  const playlist = context.playlistFiles?.create(userId, details) ?? context.playlists.create(userId, details);
  const viewer = { market: marketFor(request, context, undefined), userId, origin: originOf(request, context) };
  return sendJson(reply, playlistJson(context, playlist, viewer), 201);
}

/** Create Playlist (decisions §7): `201` with the playlist, which comes first in the user's list. */
export const createPlaylist = plainRoute((context) => (request, reply) => create(context, request, reply));

/** The older Create Playlist for a user: the token's own user only. */
export const createPlaylistForUser = plainRoute((context) => (request, reply) => {
  const userId = userOf(request);
  if ((request.params as { user_id?: string }).user_id !== userId) throw forbidden('You cannot create a playlist for another user');
  return create(context, request, reply);
});

/**
 * Change Playlist Details (decisions §7): name, description, public, collaborative; the owner only. A change
 * makes a new snapshot (the items stay); `200` with no body, as the real service answers.
 */
export const changePlaylistDetails = plainRoute((context) => async (request, reply) => {
  const id = idParam((request.params as { playlist_id?: string }).playlist_id);
  const userId = userOf(request);
  const playlist = context.playlists.get(id);
  if (!playlist) throw notFound();
  requireScope(grantOf(request), scopeFor(playlist.isPublic));
  if (playlist.ownerId !== userId) throw forbidden(ONLY_OWNER);
  const body = bodyObject(request.body);
  const patch = {
    name: textField(body, 'name', MAX_NAME),
    description: textField(body, 'description', MAX_DESCRIPTION),
    isPublic: flagField(body, 'public'),
    collaborative: flagField(body, 'collaborative'),
  };
  if (Object.values(patch).every((value) => value === undefined)) {
    throw badRequest('Nothing to change: give name, description, public or collaborative');
  }
  const details = checked({
    name: patch.name ?? playlist.name,
    description: patch.description ?? playlist.description,
    isPublic: patch.isPublic ?? playlist.isPublic,
    collaborative: patch.collaborative ?? playlist.collaborative,
  });
  requireScope(grantOf(request), scopeFor(details.isPublic));
  const same = (Object.keys(details) as (keyof PlaylistDetails)[]).every((key) => details[key] === playlist[key]);
  if (!same && context.playlistFiles?.holds(id)) await context.playlistFiles.changeDetails(playlist, details);
  else if (!same) context.playlists.changeDetails(id, details);
  return reply.code(200).send();
});
