import { notFound } from '../errors.js';
import { grantOf, originOf, sendTagged, userOf } from '../http.js';
import { withEtag } from '../render/cache.js';
import { withOrigin } from '../render/catalog.js';
import { ORIGIN, externalUrlsOf, uriOf } from '../store/documents.js';
import { plainRoute } from './route.js';

/**
 * Get Current User's Profile (decisions §1: the dashboard needs `country`, `display_name`, `id`, `product`).
 * Not a rendered route: its body depends on the token's scopes (`email`), which a cached body's key leaves out.
 */
export const me = plainRoute((context) => (request, reply) => {
  const user = context.catalog.user(userOf(request));
  if (!user) throw notFound();
  const withEmail = grantOf(request).scopes.has('user-read-email');
  const body = JSON.stringify({
    ...(user.country ? { country: user.country } : {}),
    display_name: user.display_name,
    ...(withEmail ? { email: user.email } : {}),
    explicit_content: { filter_enabled: false, filter_locked: false },
    external_urls: externalUrlsOf('user', user.id),
    followers: { href: null, total: 0 },
    href: `${ORIGIN}/v1/users/${user.id}`,
    id: user.id,
    images: [],
    product: user.product,
    type: 'user',
    uri: uriOf('user', user.id),
  });
  return sendTagged(request, reply, withEtag(withOrigin(body, originOf(request, context))));
});
