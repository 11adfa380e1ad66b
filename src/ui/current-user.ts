import type { Api } from '../api/api.js';
import type { User } from '../api/types.js';

/** One Get Current User per client (the user does not change while the dashboard runs); a failed read is asked again next time. */
const asked = new WeakMap<Api, Promise<User | null>>();

/** The signed-in user, or null when it cannot be read now. */
export function currentUser(api: Api): Promise<User | null> {
  let request = asked.get(api);
  if (request === undefined) {
    request = api.getMe().then(
      (user) => user,
      () => {
        asked.delete(api);
        return null;
      },
    );
    asked.set(api, request);
  }
  return request;
}

/** The user's country, the market the service answers for (decisions.md §4); null when unknown. */
export async function marketOf(api: Api): Promise<string | null> {
  return (await currentUser(api))?.country ?? null;
}
