import Fastify, { type FastifyContextConfig, type FastifyError, type FastifyInstance } from 'fastify';
import { authenticate, requireScope, requireUser, type RouteAuth } from './auth.js';
import { createContext, type ServiceContext } from './context.js';
import { DatabaseDamage } from './damage.js';
import { registerDevMode } from './dev-mode.js';
import { ServiceError, errorBody } from './errors.js';
import { sendJson } from './http.js';
import { RollingWindowLimiter } from './rate-limit.js';
import { RESUME_INTERVAL_MS } from './resume-tracker.js';
import { imageRoutes } from './routes/images.js';
import { ROUTES } from './routes/list.js';
import type { ConsentCode } from './oauth/consent-code.js';
import { registerRoutes, type DevMode } from './routes/route.js';
import { oauthRoutes } from './oauth/routes.js';
import { OAuthStore } from './oauth/store.js';
import type { ExpectedInstance } from './instance-file.js';
import type { MediaSource } from './media-source.js';
import { SoundEngine, type SoundOptions } from './sound/engine.js';
import { instanceRoutes } from './routes/instance.js';
import { demoUserId, type Database } from './store/db.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every API route: what its caller's token must grant. */
    auth?: RouteAuth;
    /** Answered even once the database is found damaged: the route reads nothing of it. */
    servedWhenDamaged?: boolean;
    /** How `serve --dev-mode` answers the route (its entry in routes/list.ts). */
    devMode?: DevMode;
  }
}

export const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppDeps {
  db: Database;
  /** Requests allowed per token in a rolling 30 s window; unlimited when absent. */
  rateLimit?: number;
  /** The origin hrefs use when the request's Host header cannot be trusted (updated once listening). */
  fallbackOrigin?: string;
  now?: () => number;
  /** Lifetime of the access tokens the OAuth endpoints issue (default 3600 s). */
  tokenTtlSeconds?: number;
  /** Which start this is, which file it serves and its secret, proven to dashboards that would join (instance-file.ts). */
  instance?: ExpectedInstance;
  /** Where faults are written: never the terminal of a dashboard that runs the service in-process. */
  log?: (line: string) => void;
  /** Answer as the real service answers a development-mode app (dev-mode.ts). */
  devMode?: boolean;
  /**
   * The code approving the consent page asks for (`playdeck serve`); without one, the OAuth endpoints are not
   * served at all (a dashboard's own service holds its token: nobody else signs in there).
   */
  consent?: ConsentCode;
  /** Requests per client address to the OAuth endpoints in a rolling 30 s window (oauth/routes.ts by default). */
  oauthRateLimit?: number;
  /** The files behind the catalog (a music folder's); none for the demo catalog. */
  media?: MediaSource;
  /** Play the files through mpv (sound/engine.ts), run as these options say; without it the clock runs silent. */
  sound?: SoundOptions;
}

/** How often expired tokens, codes and refresh tokens are purged (a batch of each; issuing purges too). */
export const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * No route declares a fastify schema (params.ts checks input, render/ writes output), so fastify's default
 * compilers, ajv and fast-json-stringify, would be loaded at every start (~8 ms) for nothing.
 */
const NO_SCHEMA_COMPILERS = {
  compilersFactory: {
    buildValidator: schemasNotSupported,
    buildSerializer: schemasNotSupported,
  },
};

function schemasNotSupported(): never {
  throw new Error('playdeck routes take no fastify schemas: check input in params.ts (see NO_SCHEMA_COMPILERS in app.ts)');
}

export interface ServiceApp {
  app: FastifyInstance;
  context: ServiceContext;
  /** Whether the database was found damaged while served; `report` switches the service to refusing. */
  damage: DatabaseDamage;
  /** Every route fastify registered (HEAD ones included), as the route list must name them. */
  routes: readonly RegisteredRoute[];
  /** The sound engine, when the catalog has files and sound was asked for. */
  sound: SoundEngine | null;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

export const logToStderr = (line: string): void => void process.stderr.write(`${line}\n`);

/** The service as a fastify instance (not listening): `start.ts` listens, tests use `app.inject`. */
export function buildApp(deps: AppDeps): ServiceApp {
  const context = createContext(deps.db, deps.now, deps.fallbackOrigin, deps.devMode, deps.media ?? null);
  const log = deps.log ?? logToStderr;
  const damage = new DatabaseDamage(deps.db, log);
  context.playback.startIfIdle(demoUserId(deps.db), context.now());
  const ticks = keepPlayersTicking(context, damage, log);
  const purges = keepPurging(context, damage, log);
  const sound = deps.media && deps.sound ? new SoundEngine(context, deps.media, demoUserId(deps.db), deps.sound, log) : null;
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    schemaController: NO_SCHEMA_COMPILERS,
    // The router refuses some paths before any route or error handler sees them; answer in our shape,
    // without echoing the path back.
    frameworkErrors: (error, _request, reply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'Invalid path: a segment is too long' : 'Invalid path: malformed percent-encoding';
      return sendJson(reply, errorBody(400, message), 400);
    },
  });
  app.addHook('onClose', (_instance, done) => {
    ticks.stop();
    clearInterval(purges);
    done();
  });
  // Before the database closes: the engine leaves the player paused where it was heard.
  if (sound) app.addHook('onClose', () => sound.close());
  app.decorateRequest('grant', null);
  registerBodyParsers(app);
  const routes = trackRoutes(app);
  registerErrorHandling(app, routes, damage, log);

  const limiter = deps.rateLimit ? new RollingWindowLimiter(deps.rateLimit) : null;
  app.addHook('onRequest', (request, _reply, done) => {
    const auth = request.routeOptions.config.auth;
    if (!auth) return done();
    try {
      const now = context.now();
      const grant = authenticate(request, context.tokens, now);
      const verdict = limiter?.take(grant.tokenHash, now);
      if (verdict && !verdict.allowed) {
        throw new ServiceError(429, 'API rate limit exceeded', undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
      }
      if (auth.scope) requireScope(grant, auth.scope);
      if (auth.user) requireUser(grant);
      request.grant = grant;
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  // After authentication, which sets the grant of the callers who may hear where the database is.
  app.addHook('onRequest', (request, _reply, done) => {
    done(damage.line === null || request.routeOptions.config.servedWhenDamaged ? undefined : damage.refusal(request.grant !== null));
  });

  if (deps.devMode) registerDevMode(app, context);

  registerRoutes(app, context, ROUTES);
  app.register(imageRoutes, { context });
  if (deps.consent) {
    app.register(oauthRoutes, { context, tokenTtlSeconds: deps.tokenTtlSeconds, log, damage, consent: deps.consent, rateLimit: deps.oauthRateLimit });
  }
  if (deps.instance) app.register(instanceRoutes, { instance: deps.instance });
  return { app, context, damage, routes, sound };
}

/**
 * SQLite's faults of the disk (extended codes included: SQLITE_IOERR_WRITE…), answered in the error shape as
 * 507: the change was not made, the caller keeps it, and no client retries it at once.
 */
function storageFault(code: string | undefined): string | null {
  if (code === undefined) return null;
  if (code.startsWith('SQLITE_FULL')) return 'The disk is full: the change was not saved';
  if (code.startsWith('SQLITE_READONLY')) return 'The database is read-only: the change was not saved';
  if (code.startsWith('SQLITE_IOERR')) return 'The database could not be written: the change was not saved';
  return null;
}

/**
 * The player is a lazy clock, caught up when read: this catches it up every 30 s (and a second after a
 * resume point write was held back), so resume points move while nobody looks. Timers never hold the
 * process open.
 */
function keepPlayersTicking(context: ServiceContext, damage: DatabaseDamage, log: (line: string) => void): { stop(): void } {
  const tick = () => {
    if (damage.line !== null) return;
    try {
      context.playback.tick(context.now());
    } catch (error) {
      // A timer has nobody to answer: the fault goes to the log, and a damaged file is reported.
      if (damage.explain(error, false) === null) log(`playdeck service: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  };
  const interval = setInterval(tick, RESUME_INTERVAL_MS).unref();
  const timeouts = new Set<NodeJS.Timeout>();
  context.playback.tracker.onDeferred = (delayMs) => {
    const timeout = setTimeout(() => {
      timeouts.delete(timeout);
      tick();
    }, delayMs).unref();
    timeouts.add(timeout);
  };
  return {
    stop() {
      clearInterval(interval);
      for (const timeout of timeouts) clearTimeout(timeout);
    },
  };
}

/** Expired grants go while the service runs, so the tables hold about what is valid. Never holds the process open. */
function keepPurging(context: ServiceContext, damage: DatabaseDamage, log: (line: string) => void): NodeJS.Timeout {
  const oauth = context.db.readonly ? null : new OAuthStore(context.db);
  return setInterval(() => {
    if (oauth === null || damage.line !== null) return;
    try {
      const now = context.now();
      context.tokens.purgeExpired(now);
      oauth.purgeExpired(now);
    } catch (error) {
      if (damage.explain(error, false) === null) log(`playdeck service: purge: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, PURGE_INTERVAL_MS).unref();
}

/** JSON bodies only; an empty body is no body (clients send `Content-Type: application/json` with none). */
function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ServiceError(400, 'Invalid JSON body'), undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    done(new ServiceError(415, 'Unsupported media type: the body must be application/json'), undefined);
  });
}

interface TrackedRoute extends RegisteredRoute {
  pattern: RegExp;
}

/** Remembers every route, its path as a pattern, so that an unknown method on a known path can be told from a 404. */
function trackRoutes(app: FastifyInstance): TrackedRoute[] {
  const routes: TrackedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const source = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, config: route.config ?? {}, pattern: new RegExp(`^${source}$`) });
  });
  return routes;
}

function registerErrorHandling(app: FastifyInstance, patterns: readonly TrackedRoute[], damage: DatabaseDamage, log: (line: string) => void): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    const allowed = patterns.filter((route) => route.pattern.test(path)).map((route) => route.method);
    if (allowed.length > 0) {
      reply.header('allow', [...new Set(allowed)].join(', '));
      return sendJson(reply, errorBody(405, `Method ${request.method} not allowed`), 405);
    }
    return sendJson(reply, errorBody(404, 'Resource not found'), 404);
  });

  app.setErrorHandler((caught: FastifyError, request, reply) => {
    const error = damage.explain(caught, request.grant !== null) ?? caught;
    if (error instanceof ServiceError) {
      if (error.headers) reply.headers(error.headers);
      return sendJson(reply, errorBody(error.status, error.message, error.reason), error.status);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendJson(reply, errorBody(413, 'Request body too large: at most 64 KiB'), 413);
    if (status === 415) return sendJson(reply, errorBody(415, 'Unsupported media type: the body must be application/json'), 415);
    if (status >= 400 && status < 500) return sendJson(reply, errorBody(status, error.message), status);
    const storage = storageFault((error as { code?: string }).code);
    if (storage) {
      log(`playdeck service: ${storage} (${error.message})`);
      return sendJson(reply, errorBody(507, storage), 507);
    }
    log(`playdeck service: ${error.stack ?? error.message}`);
    return sendJson(reply, errorBody(500, 'Internal server error'), 500);
  });
}
