import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSessionBus, ownName, type MessageBus } from '../../src/desktop/session-bus.js';
import { missingBusTools, sayWhySkipped, startPrivateBus, type PrivateBus } from '../helpers/session-bus.js';

const SUITE = 'the MPRIS name of a second dashboard';
const missing = missingBusTools();
sayWhySkipped(SUITE, missing);

describe.skipIf(missing !== null)(SUITE, () => {
  let bus: PrivateBus;
  const connections: MessageBus[] = [];

  beforeAll(async () => {
    bus = await startPrivateBus();
  });

  afterAll(() => {
    for (const connection of connections) connection.disconnect();
    bus.stop();
  });

  async function connect(): Promise<MessageBus> {
    const connected = await connectSessionBus(bus.address);
    if (!('bus' in connected)) throw new Error(connected.problem);
    connections.push(connected.bus);
    return connected.bus;
  }

  it('takes org.mpris.MediaPlayer2.playdeck first, then .instance<pid> beside it, as MPRIS asks', async () => {
    const name = 'org.mpris.MediaPlayer2.playdeck';
    expect(await ownName(await connect(), name)).toBe(name);
    expect(await ownName(await connect(), name)).toBe(`${name}.instance${process.pid}`);
    // A third has neither: the dashboard then goes without MPRIS, saying so in its log.
    expect(await ownName(await connect(), name)).toBeNull();
  });
});
