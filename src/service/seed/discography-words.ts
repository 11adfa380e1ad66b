/**
 * The words of the discography's names (discography.ts): lists of their own, so that the music part's names
 * (words.ts) never change, with accented words among them so that search has diacritics to fold. Invented
 * combinations only: no real artists, titles or people are meant.
 */

const words = (text: string): readonly string[] => text.trim().split(/\s*,\s*/);

export const DISCO_ADJECTIVES = words(`
  Amber, Azure, Bitter, Blue, Candid, Cobalt, Coral, Crystal, Dusty, Emerald, Fading, Fierce, Fragile,
  Gilded, Glowing, Hazy, Indigo, Ivory, Jaded, Lavender, Lunar, Marble, Mellow, Misty, Naïve, Olive,
  Pale, Polar, Quiet, Rusty, Scarlet, Shy, Silent, Solar, Stray, Sugar, Tidal, Twilight, Velvet, Vivid,
  Wistful, Woven, Young, Zealous, Électric, Éternal, Bright, Hollow, Wild, Tender
`);

export const DISCO_NOUNS = words(`
  Atlas, Avenue, Balcony, Beacon, Canal, Café, Cinema, Citadel, Cloud, Crossing, Dune, Eclipse, Fable,
  Ferry, Fjord, Glacier, Harbor, Hotel, Jukebox, Lagoon, Mañana, Meridian, Mirage, Monsoon, Motel,
  Nebula, Oasis, Opera, Pavilion, Piñata, Prairie, Quarry, Radio, Reef, Riviera, Saloon, Señorita,
  Soirée, Summit, Terrace, Tundra, Valley, Verandah, Vinyl, Volcano, Waltz, Façade, Résumé, Crème,
  Élan, Fiesta, Lullaby, Skyline, Sunrise, Telegram
`);

export const DISCO_PLURALS = words(`
  Anchors, Bandits, Canaries, Cyclones, Dancers, Drifters, Embers, Falcons, Harbors, Jesters, Kites,
  Lions, Mavericks, Nomads, Orioles, Outlaws, Pilgrims, Poets, Ravens, Rivals, Sailors, Shadows, Sirens,
  Strangers, Tigers, Travellers, Voyagers, Wanderers, Zephyrs, Señoritas
`);

export const DISCO_VERBS = words(`
  Chasing, Counting, Crossing, Dreaming, Fading, Flying, Glowing, Hiding, Humming, Jumping, Kissing,
  Laughing, Leaning, Longing, Melting, Racing, Rising, Roaming, Sailing, Spinning, Swaying, Waking,
  Whistling, Wishing
`);

export const DISCO_PLACES = words(`
  Zürich Lane, Montréal, São Vicente, Málaga, Göteborg, Kraków Square, Reykjavík, Cádiz, Brno,
  Bayside, Copperfield, Deepwater, Eastbrook, Foxhollow, Glenmoor, Highcliff, Ironbridge, Juniper Bay,
  Kingsford, Larchmont, Millbrook, Northgate, Oakridge, Pinecrest, Queensport, Riverside, Stonehaven,
  Thornbury, Westmere, Yarrow Point
`);

export const DISCO_FIRST_NAMES = words(`
  Zoë, Chloé, Renée, Inés, José, Søren, Björn, Noémie, Anaïs, Léa, Mateo, Élodie, Joaquín, Agnès,
  Aurora, Bruno, Camille, Dario, Esme, Flora, Gideon, Harriet, Ivo, Juno, Kit, Luca, Mira, Nico, Odile,
  Pia, Quentin, Rosa, Stellan, Talia, Ugo, Vera, Wilhelmina, Xavi, Yara, Zeno
`);

export const DISCO_SURNAMES = words(`
  Aubert, Brontë, Castellanos, Dufresne, Ekström, Fernández, Gallagher, Håkansson, Ibáñez, Jovanović,
  Kowalski, Lindqvist, Moreau, Núñez, Okafor, Petrović, Quintero, Rossetti, Sørensen, Tremblay,
  Underwood, Valdés, Westergaard, Xenakis, Ybarra, Zapata, Abernathy, Blackwood, Cavendish, Delacroix
`);

export const DISCO_LABEL_FORMATS = words(`
  {noun} Records, {adjective} {noun} Music, {place} Recordings, {plurals} Sound, {surname} & {surname2},
  {adjective} Records
`);

export const DISCO_TRACK_FORMATS = words(`
  {adjective} {noun}, {verb} the {noun}, {noun} of {place}, {adjective} {plurals}, Letters from {place},
  {first}'s {noun}, {verb} with {first}, {noun} at Midnight, The {adjective} {noun}, {noun} ({adjective} Mix),
  {verb} Through {place}, Under the {adjective} {noun}, {noun} and {noun2}, Song for {first}, {adjective} Again in {place}
`);

export const DISCO_ALBUM_FORMATS = words(`
  {adjective} {noun}, {noun} Stories, Live in {place}, The {adjective} {plurals}, {noun} and {noun2},
  Postcards from {place}, {verb}, Songs for {first}, {adjective} Hours, The {noun} Tapes
`);

export const DISCO_ARTIST_FORMATS = words(`
  The {adjective} {plurals}, {first} {surname}, {first} & the {plurals}, {adjective} {noun}, {surname},
  {noun} {plurals}, {first} {surname} Trio, DJ {first}, {place} {plurals}, {first} and {first2}
`);
