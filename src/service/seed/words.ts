/**
 * Word lists the demo catalog's names are made from. Invented combinations only: no real artists, titles
 * or people are meant.
 */

const words = (text: string): readonly string[] => text.trim().split(/\s*,\s*/);

export const ADJECTIVES = words(`
  Amber, Silver, Quiet, Restless, Golden, Hollow, Electric, Velvet, Paper, Crimson, Distant, Gentle,
  Wild, Neon, Broken, Bright, Slow, Midnight, Northern, Borrowed, Secret, Tender, Lucky, Faded, Endless,
  Crooked, Sleepless, Painted, Frozen, Burning, Salt, Wandering, Hidden, Little, Glass, Copper, Lonely,
  Sunlit, Stormy, Patient, Careless, Honest, Sudden, Drifting, Lost, Second, Heavy, Open, Early, Late
`);

export const NOUNS = words(`
  Harbor, River, Lantern, Garden, Signal, Engine, Mirror, Window, Orchard, Highway, Ocean, Meadow,
  Compass, Satellite, Letter, Kingdom, Island, Thunder, Feather, Ember, Shadow, Horizon, Valley, Station,
  Anchor, Echo, Canyon, Forest, Ribbon, Carousel, Lighthouse, Postcard, Parade, Telescope, Hallway,
  Rooftop, Orbit, Comet, Fountain, Bridge, Tide, Harvest, Velocity, Weather, Circus, Reverie, Cathedral,
  Blossom, Frontier, Daydream
`);

export const PLURAL_NOUNS = words(`
  Lanterns, Rivers, Engines, Sparrows, Foxes, Satellites, Tides, Comets, Wolves, Strangers, Echoes,
  Mirrors, Arrows, Pilots, Daydreamers, Magpies, Ghosts, Islands, Signals, Owls, Gardeners, Mariners
`);

export const VERBS = words(`
  Running, Falling, Dancing, Waiting, Dreaming, Driving, Drifting, Burning, Calling, Chasing, Holding,
  Leaving, Singing, Sleeping, Turning, Walking, Breathing, Climbing, Floating, Shining
`);

export const PLACES = words(`
  Elderfall, Marrowgate, Quillhaven, Brackenmoor, Sallowmere, Thistlewick, Corrandale, Ashbury Vale,
  Wrenhollow, Dunmarrow, Fenwick Reach, Galloway Sound, Harrowfield, Kestrel Bay, Lindenport, Mossford
`);

export const FIRST_NAMES = words(`
  Ada, Milo, Iris, Theo, Nora, Felix, Ruby, Jonah, Clara, Otis, Maeve, Arlo, Hazel, Silas, June, Ezra,
  Lena, Rowan, Edith, Caspar, Wren, Idris, Margot, Tobias, Elsie, Anton, Greta, Hugo, Ines, Rafe
`);

export const SURNAMES = words(`
  Quince, Marlow, Ashdown, Fairweather, Holloway, Penhallow, Thistleton, Wrenfield, Larkspur, Brightwater,
  Calloway, Dunmore, Everly, Foxworth, Greaves, Halloran, Ivesdale, Kettering, Lockhart, Merriweather,
  Nightingale, Oakhurst, Pemberton, Redgrave, Sallow, Tennant, Underhill, Vance, Whitlock, Yardley
`);

export const GENRES = words(`
  indie pop, dream pop, shoegaze, synthwave, folk, alt country, jazz, soul, funk, ambient, techno, house,
  post-rock, garage rock, singer-songwriter, chamber pop, lo-fi, trip hop, bossa nova, neo-classical
`);

export const TOPICS = words(`
  the history of maps, sleep and memory, urban beekeeping, forgotten inventions, deep-sea creatures,
  the economics of coffee, learning languages late, lighthouse keepers, the science of sound, night trains,
  slow cooking, tiny houses, the first computers, migrating birds, public libraries, rivers and cities,
  board game design, the art of letter writing, weather forecasting, space telescopes, vintage radio,
  mountain rescue, the life of bees, shipwrecks, handwriting, the physics of music, street food, glaciers
`);

export const SHOW_FORMATS = words(`
  The {noun} Hour, {adjective} {noun} Podcast, Notes on {topic}, Talking {plural}, The {adjective} Desk,
  Tales from {place}, Afternoons with {first}, The {noun} Report, Field Guide to {topic}, {first} and {first2}
`);

export const PUBLISHER_FORMATS = words(`
  {noun} House, {adjective} Press, {noun} and {noun2} Media, {place} Audio, {adjective} {noun} Studios,
  {surname} Publishing
`);

export const TRACK_FORMATS = words(`
  {adjective} {noun}, {verb}, {verb} in the {noun}, {noun} of {place}, {adjective} {plural},
  The {noun} Song, {verb} with {plural}, After the {noun}, {noun} ({adjective} Version), {adjective} Again,
  Letters to {first}, {first}, Under the {noun}, {noun} and {noun2}, {verb} Home
`);

export const ALBUM_FORMATS = words(`
  {adjective} {noun}, {noun} and {noun2}, Songs from {place}, The {adjective} Years, {plural},
  {adjective} {plural}, Postcards from {place}, {noun} Sessions, Live at the {noun}
`);

export const ARTIST_FORMATS = words(`
  The {adjective} {plural}, {first} {surname}, {adjective} {noun}, {noun} {plural}, {first} and the {plural},
  {surname}
`);

export const AUDIOBOOK_FORMATS = words(`
  The {noun} of {place}, A {adjective} {noun}, The {adjective} {plural}, {verb} to {place},
  The Last {noun}, {first} {surname} and the {noun}
`);

export const EPISODE_FORMATS = words(`
  On {topic}, {adjective} {noun}, A Conversation about {topic}, The Case for {topic},
  Letters from {place}, Mailbag: {topic}, Live from {place}, {first} on {topic}
`);

export const CHAPTER_FORMATS = words(`
  {adjective} {noun}, The {noun}, Arrival at {place}, {first}, {verb}, A {noun} for {first},
  What the {noun} Knew, Leaving {place}
`);

export const PLAYLIST_FORMATS = words(`
  {adjective} {noun} Mix, Songs for {verb}, {noun} Radio, Sunday {noun}, {adjective} Mornings,
  {verb} Through {place}, Late Night {plural}, {first}'s {noun} Tapes, Road to {place}, {adjective} {plural}
`);
