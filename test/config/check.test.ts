import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS } from '../../src/keys/bindings.js';
import { SECTIONS } from '../../src/keys/sections.js';
import { checkConfigText } from '../../src/config/check.js';
import { formatProblem } from '../../src/config/problems.js';
import { DEFAULT_CONFIG } from '../../src/config/schema.js';
import { REQUEST_BUDGET_PER_30_S, requestsPer30s, SETTINGS } from '../../src/config/settings.js';

const FILE = '/home/u/.config/playdeck/config.toml';
const check = (text: string) => checkConfigText(text, FILE);
/** The problems as `line key: message` lines, the file name left out. */
const said = (text: string): string[] => check(text).problems.map((problem) => formatProblem(problem).slice(FILE.length + 1));

describe('checkConfigText', () => {
  it('gives the defaults for an empty file or one of comments', () => {
    expect(check('')).toEqual({ config: DEFAULT_CONFIG, problems: [] });
    expect(check('# nothing yet\n\n')).toEqual({ config: DEFAULT_CONFIG, problems: [] });
  });

  it('remaps an action: its keys replace the defaults, the other actions keep theirs', () => {
    const { config, problems } = check('[keys]\nmoveDown = "e"\nmoveUp = ["M", "Shift+↑"]\nredo = "Ctrl+Y"\n');
    expect(problems).toEqual([]);
    expect(config.keys['moveDown']).toEqual(['e']);
    expect(config.keys['moveUp']).toEqual(['M', 'shift+up']);
    expect(config.keys['redo']).toEqual(['ctrl+y']);
    expect(config.keys['down']).toEqual(DEFAULT_BINDINGS['down']);
  });

  it('reads every section', () => {
    const { config, problems } = check(
      [
        '[theme]', 'name = "light"', 'accent = "#FF8800"', 'border = 240', 'muted = "bright-black"', 'selection = "none"',
        '[poll]', 'playing_seconds = 10', 'idle_seconds = 30.5', 'list_refresh_seconds = 120',
        '[layout]', 'details = false', 'details_share = 0.3', '[mouse]', 'enabled = false', '[art]', 'mode = "blocks"',
        '[desktop]', 'mpris = false', 'notify = true',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(config.theme).toEqual({ name: 'light', accent: '#ff8800', border: 'ansi256(240)', muted: 'blackBright', selection: null });
    expect(config.poll).toEqual({ playing_seconds: 10, idle_seconds: 30.5, list_refresh_seconds: 120 });
    expect(config.layout).toEqual({ details: false, details_share: 0.3 });
    expect(config.mouse).toEqual({ enabled: false });
    expect(config.art).toEqual({ mode: 'blocks' });
    expect(config.desktop).toEqual({ mpris: false, notify: true });
  });

  it('reads [music]: the folder, the podcasts folder and the links, and says what is wrong with them', () => {
    const { config, problems } = check(['[music]', 'folder = "~/Music"', 'podcasts = "/srv/podcasts"', 'follow_outside_links = true'].join('\n'));
    expect(problems).toEqual([]);
    expect(config.music).toEqual({ folder: '~/Music', podcasts: '/srv/podcasts', follow_outside_links: true });
    const wrong = check(['[music]', 'folder = 3', 'follow_outside_links = "yes"', 'shuffle = true'].join('\n'));
    expect(wrong.problems.map((problem) => problem.key)).toEqual(['music.folder', 'music.follow_outside_links', 'music.shuffle']);
    expect(wrong.config.music).toEqual({ folder: undefined, podcasts: undefined, follow_outside_links: false });
  });

  it('says where a file is not TOML, in one problem', () => {
    const { config, problems } = check('[keys]\nquit = "q"\nhelp = \n');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: FILE, line: 3, key: null });
    expect(problems[0]!.message).toMatch(/^not TOML: /);
    expect(config).toBe(DEFAULT_CONFIG);
    expect(said('[keys\n')[0]).toMatch(/^1: not TOML/);
    expect(said('a = 1\na = 2\n')[0]).toMatch(/^2: not TOML/);
  });

  it('names unknown sections and keys with what is allowed', () => {
    expect(said('[colours]\naccent = "red"\n')).toEqual(['1: colours: unknown section (allowed: [keys], [theme], [poll], [layout], [mouse], [art], [desktop], [music])']);
    expect(said('\n[mouse]\nenable = true\n')).toEqual(['3: mouse.enable: unknown key (allowed in [mouse]: enabled)']);
    expect(said('mouse = true\n')).toEqual(['1: mouse: must be a table: write [mouse] on a line of its own']);
    expect(said('[poll]\nplaying = 5\n')).toEqual([
      '2: poll.playing: unknown key (allowed in [poll]: playing_seconds, idle_seconds, list_refresh_seconds)',
    ]);
  });

  it('names an unknown action, guessing the one meant', () => {
    const [problem] = said('[keys]\n\nmove_down = "m"\n');
    expect(problem).toMatch(/^3: keys\.move_down: unknown action \(did you mean moveDown\?\); the actions are those of the help: quit, help, /);
    expect(said('[keys]\nfly = "f"\n')[0]).toMatch(/^2: keys\.fly: unknown action; the actions are/);
  });

  it('names a key it cannot read, each one of a list', () => {
    expect(said('[keys]\nredo = ["Ctrl+Y", "Alt+r", "Ctrl+J"]\n')).toEqual([
      '2: keys.redo: "Alt+r" uses Alt or Meta, which the dashboard does not read',
      '2: keys.redo: "Ctrl+J" is the same key as Enter in a terminal',
    ]);
    expect(said('[keys]\nsave = "Save"\n')[0]).toMatch(/^2: keys\.save: "Save" is not a key \(a key is a character \(q, K, \?\), Ctrl\+letter/);
  });

  it('refuses a key bound to two actions in one place, at the line that does it', () => {
    expect(said('[keys]\nnext = "n"\nmoveDown = "j"\n')).toEqual([
      "3: keys.moveDown: \"j\" is bound to both down and moveDown in a playlist's items: give one of them another key",
    ]);
    expect(said('[keys]\nfilter = "q"\n')).toEqual(['2: keys.filter: "q" is bound to both quit and filter in lists: give one of them another key']);
    expect(said('[keys]\nshuffle = "y"\nrepeat = "y"\n')).toEqual(['3: keys.repeat: "y" is bound to both shuffle and repeat everywhere: give one of them another key']);
  });

  it('finds a conflict in the devices list, which reads the lists\' ↑ and ↓', () => {
    expect(said('[keys]\ndevicesPlay = "j"\n')).toEqual(['2: keys.devicesPlay: "j" is bound to both down and devicesPlay in devices: give one of them another key']);
    expect(said('[keys]\ndevicesClose = "q"\n')).toEqual(['2: keys.devicesClose: "q" is bound to both quit and devicesClose in devices: give one of them another key']);
  });

  it('keeps the answers of the offer at start out of the file', () => {
    expect(said('[keys]\nofferSave = "x"\n')[0]).toMatch(/^2: keys\.offerSave: unknown action; the actions are/);
  });

  it('allows one key for two actions in places apart, and a swap done in one file', () => {
    expect(said('[keys]\nseekBack = "h"\nfirst = "h"\n')).toEqual([]);
    expect(said('[keys]\ndown = ["Down", "J"]\nmoveDown = ["j", "Shift+Down"]\n')).toEqual([]);
  });

  it('refuses digits where they count, but lets the focus actions swap the section digits', () => {
    // One jump digit per section, from the registry.
    const jumps = `1-${SECTIONS.length}`;
    expect(said('[keys]\nnext = "6"\nfirst = "0"\n')).toEqual([
      `2: keys.next: "6" is a count in a playlist's items (20K); of the digits, only ${jumps} for the focus actions`,
      `3: keys.first: "0" is a count in a playlist's items (20K); of the digits, only ${jumps} for the focus actions`,
    ]);
    expect(said('[keys]\nfocusShows = "9"\n')).toHaveLength(1);
    expect(said('[keys]\nfocusShows = "4"\nfocusAudiobooks = "3"\nhelpClose = ["Esc", "0"]\n')).toEqual([]);
  });

  it('refuses an action left without a key, and values that are not keys', () => {
    expect(said('[keys]\nquit = []\n')).toEqual(['2: keys.quit: leaves quit without any key: give it at least one']);
    expect(said('[keys]\nquit = 113\n')).toEqual(['2: keys.quit: must be a key or a list of keys ("J" or ["J", "Shift+Down"]), not 113']);
    expect(said('[keys]\nquit = ["q", 1]\n')[0]).toMatch(/^2: keys\.quit: must be a key or a list of keys/);
  });

  it('refuses colours that are not colours, and theme names it does not know', () => {
    expect(said('[theme]\nname = "dark"\naccent = "#12345"\nerror = 256\nsuccess = "bold"\nwarning = true\n')).toEqual([
      '2: theme.name: "dark" is not allowed (allowed: "default", "light", "high-contrast", "none")',
      '3: theme.accent: "#12345" is not a colour (allowed: a colour name (cyan, redBright...), "#rrggbb", a number from 0 to 255, or "none")',
      '4: theme.error: 256 is not a colour (allowed: a colour name (cyan, redBright...), "#rrggbb", a number from 0 to 255, or "none")',
      '5: theme.success: "bold" is not a colour (allowed: a colour name (cyan, redBright...), "#rrggbb", a number from 0 to 255, or "none")',
      '6: theme.warning: true is not a colour (allowed: a colour name (cyan, redBright...), "#rrggbb", a number from 0 to 255, or "none")',
    ]);
  });

  it('refuses poll intervals out of bounds or not numbers', () => {
    expect(said('[poll]\nplaying_seconds = 1\nidle_seconds = "15"\nlist_refresh_seconds = 30\n')).toEqual([
      '2: poll.playing_seconds: 1 is not allowed: a number of seconds from 5 to 60',
      '3: poll.idle_seconds: "15" is not allowed: a number of seconds from 5 to 300',
      '4: poll.list_refresh_seconds: 30 is not allowed: a number of seconds from 60 to 3600',
    ]);
    expect(said('[poll]\nplaying_seconds = inf\n')).toEqual(['2: poll.playing_seconds: inf is not allowed: a number of seconds from 5 to 60']);
  });

  it('keeps the request budget at the fastest intervals it allows', () => {
    const { playing_seconds: playing, idle_seconds: idle, list_refresh_seconds: listRefresh } = SETTINGS.poll;
    const fastest = { playing_seconds: playing.min, idle_seconds: idle.min, list_refresh_seconds: listRefresh.min };
    expect(requestsPer30s(fastest)).toBeLessThanOrEqual(REQUEST_BUDGET_PER_30_S);
    expect(requestsPer30s({ ...fastest, playing_seconds: 4 })).toBeGreaterThan(REQUEST_BUDGET_PER_30_S);
  });

  it('keeps notifications off unless asked, and refuses desktop values it does not know', () => {
    expect(DEFAULT_CONFIG.desktop).toEqual({ mpris: true, notify: false });
    expect(said('[desktop]\nnotify = "yes"\nnotifications = true\n')).toEqual([
      '2: desktop.notify: must be true or false, not "yes"',
      '3: desktop.notifications: unknown key (allowed in [desktop]: mpris, notify)',
    ]);
  });

  it('refuses layout, mouse and art values it does not know', () => {
    expect(said('[layout]\ndetails = "yes"\ndetails_share = 0.9\n[mouse]\nenabled = 1\n[art]\nmode = "sixel"\n')).toEqual([
      '2: layout.details: must be true or false, not "yes"',
      '3: layout.details_share: 0.9 is not allowed: a share of the width from 0.2 to 0.6',
      '5: mouse.enabled: must be true or false, not 1',
      '7: art.mode: "sixel" is not allowed (allowed: "auto", "blocks", "kitty", "off")',
    ]);
  });

  it('finds the line of dotted, quoted and inline-table keys', () => {
    expect(said('keys.fly = "f"\n')).toEqual([expect.stringMatching(/^1: keys\.fly: unknown action/)]);
    expect(said('[keys]\n"fly" = "f"\n')).toEqual([expect.stringMatching(/^2: keys\.fly: unknown action/)]);
    expect(said('[poll]\n  # playing_seconds = 1\nplaying_seconds = 2\n')).toEqual([expect.stringMatching(/^3: poll\.playing_seconds/)]);
    expect(said('text = """\n[mouse]\n"""\n[mouse]\nenabled = 3\n')).toEqual([
      expect.stringMatching(/^1: text: unknown section/),
      expect.stringMatching(/^5: mouse\.enabled/),
    ]);
    // Inside an inline table the key has no line of its own: its table's line is given.
    expect(said('layout = { details = 3 }\n')).toEqual(['1: layout.details: must be true or false, not 3']);
  });

  it('applies the valid parts when others are wrong, for a caller that wants to know', () => {
    const { config, problems } = check('[mouse]\nenabled = false\n[poll]\nplaying_seconds = 1\n');
    expect(problems).toHaveLength(1);
    expect(config.mouse.enabled).toBe(false);
    expect(config.poll.playing_seconds).toBe(5);
  });
});
