import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { FormatError, parseTemplate, fillTemplate, statusJson, statusLine, statusWaybar, progressBar } from '../../src/status/format.js';
import { NOTHING_PLAYING, nowPlayingOf } from '../../src/status/now-playing.js';
import { CHAPTER, EPISODE, playback } from './playback-fixture.js';

const AT = 1_000_000;

describe('what the status line knows', () => {
  it('reads a track: artists joined, album, context, device, volume, shuffle and repeat', () => {
    expect(nowPlayingOf(playback(), AT, AT)).toEqual({
      state: 'playing', title: 'Feather of Quillhaven', artists: 'Echo Engines, Sallow', album: 'Live at the Reverie',
      show: '', context: 'playlist', device: 'Study speaker', volume: 40, elapsedMs: 83_000, durationMs: 225_000,
      remainingMs: 142_000, percent: 36, shuffle: true, repeat: 'context',
    });
  });

  it("reads an episode's show and publisher, and a chapter's audiobook and authors", () => {
    const episode = nowPlayingOf(playback({ item: EPISODE }), AT, AT);
    expect([episode.title, episode.artists, episode.show, episode.album]).toEqual(['The Long Quiet', 'Orbit Radio', 'Night Signals', '']);
    const chapter = nowPlayingOf(playback({ item: CHAPTER }), AT, AT);
    expect([chapter.title, chapter.artists, chapter.show]).toEqual(['Chapter One', 'Ada Vale, Bo Lin', 'The Lighthouse']);
  });

  it('moves the position on to the moment asked while playing, and not while paused', () => {
    expect(nowPlayingOf(playback(), AT, AT + 7_500).elapsedMs).toBe(90_500);
    expect(nowPlayingOf(playback({ is_playing: false }), AT, AT + 7_500).elapsedMs).toBe(83_000);
    expect(nowPlayingOf(playback(), AT, AT + 10_000_000).remainingMs).toBe(0);
  });

  it('is nothing playing for no playback', () => {
    expect(nowPlayingOf(null, AT, AT)).toBe(NOTHING_PLAYING);
  });
});

describe('the default line', () => {
  it('is ▶ title · artists elapsed/duration while playing and ❚❚ while paused', () => {
    expect(statusLine(nowPlayingOf(playback(), AT, AT))).toBe('▶ Feather of Quillhaven · Echo Engines, Sallow 1:23/3:45');
    expect(statusLine(nowPlayingOf(playback({ is_playing: false, item: EPISODE }), AT, AT))).toBe('❚❚ The Long Quiet · Orbit Radio 1:23/1:00:00');
  });

  it('says nothing playing calmly, or the --idle text', () => {
    expect(statusLine(NOTHING_PLAYING)).toBe('nothing playing');
    expect(statusLine(NOTHING_PLAYING, { idle: '' })).toBe('');
  });

  it('is coloured only when asked (a terminal without NO_COLOR), and the text stays the same', () => {
    const now = nowPlayingOf(playback(), AT, AT);
    expect(statusLine(now, { color: true })).toBe(`\x1b[32m${statusLine(now)}\x1b[39m`);
    expect(statusLine(now, { color: false })).not.toContain('\x1b');
  });
});

describe('--format', () => {
  const now = nowPlayingOf(playback(), AT, AT);
  const fill = (format: string, state = now) => fillTemplate(parseTemplate(format), state);

  it('fills every field', () => {
    expect(fill('{title}|{artists}|{album}|{show}|{context}|{device}|{volume}|{state}|{icon}')).toBe(
      'Feather of Quillhaven|Echo Engines, Sallow|Live at the Reverie||playlist|Study speaker|40|playing|▶',
    );
    expect(fill('{elapsed}|{duration}|{remaining}|{percent}|{bar:10}|{bar}|{shuffle}|{repeat}')).toBe(
      '1:23|3:45|2:22|36|━━━───────|━━━───────|on|context',
    );
    expect(fill('{show}', nowPlayingOf(playback({ item: EPISODE }), AT, AT))).toBe('Night Signals');
    expect(fill('{volume}', nowPlayingOf(playback({ device: { name: 'x', volume_percent: null } }), AT, AT))).toBe('');
  });

  it('keeps literal text and doubled braces', () => {
    expect(fill('{{{title}}} at {percent}%')).toBe('{Feather of Quillhaven} at 36%');
  });

  it('names an unknown field, and refuses malformed ones', () => {
    expect(() => parseTemplate('{title} {artist}')).toThrow(FormatError);
    expect(() => parseTemplate('{title} {artist}')).toThrow(/unknown field \{artist\}/);
    expect(() => parseTemplate('{Title')).toThrow(/unknown field \{Title/);
    expect(() => parseTemplate('a } b')).toThrow(/lone "}"/);
    expect(() => parseTemplate('{title:3}')).toThrow(/takes no width/);
    expect(() => parseTemplate('{bar:0}')).toThrow(/from 1 to/);
  });

  it('draws the bar N cells wide, full only at the end', () => {
    expect(progressBar(0, 4)).toBe('────');
    expect(progressBar(99, 4)).toBe('━━━─');
    expect(progressBar(100, 4)).toBe('━━━━');
  });
});

describe('--max-width', () => {
  const line = (title: string, maxWidth: number) =>
    statusLine(nowPlayingOf(playback({ item: { type: 'track', name: title, duration_ms: 1000, artists: [] } }), AT, AT), {
      template: parseTemplate('{title}'),
      maxWidth,
    });

  it('cuts by display width with an ellipsis', () => {
    expect(line('abcdefghij', 5)).toBe('abcd…');
    expect(line('abcde', 5)).toBe('abcde');
  });

  it('never splits a wide character: 東京 takes 4 columns, so 3 columns keep one and the ellipsis', () => {
    expect(line('東京の夜', 4)).toBe('東…');
    expect(line('東京の夜', 5)).toBe('東京…');
    for (let width = 1; width <= 9; width++) expect(stringWidth(line('東京の夜🎧ab', width))).toBeLessThanOrEqual(width);
  });

  it('keeps a letter with its combining marks whole', () => {
    const text = 'e\u0301e\u0301e\u0301e\u0301e\u0301'; // five é, each a letter and a combining accent
    const cut = line(text, 3);
    expect(cut).toBe('e\u0301e\u0301…');
    expect(stringWidth(cut)).toBe(3);
  });
});

describe('hostile text from the catalog', () => {
  const hostile = playback({
    item: { ...playback().item, name: 'Evil\x1b]52;c;aGVsbG8=\x07\x1b[2JTitle\u202e', artists: [{ name: 'A\x9b31mB' }] },
    device: { name: 'Dev\nice', volume_percent: 1 },
  });

  it('reaches no output as an escape sequence, a newline or a bidi override', () => {
    const now = nowPlayingOf(hostile, AT, AT);
    const outputs = [statusLine(now), statusJson(now), statusWaybar(now), fillTemplate(parseTemplate('{title}{artists}{device}'), now)];
    for (const output of outputs) expect(output).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e]/);
    expect(statusLine(now)).toBe('▶ Evil␛␛Title · A␛B 1:23/3:45');
    expect(now.device).toBe('Dev ice');
  });

  it('cannot restyle waybar: markup characters are escaped', () => {
    const now = nowPlayingOf(playback({ item: { ...playback().item, name: '<span color="red">&x</span>' } }), AT, AT);
    const waybar = JSON.parse(statusWaybar(now)) as { text: string; tooltip: string };
    expect(waybar.text).toContain('&lt;span color="red"&gt;&amp;x&lt;/span&gt;');
    expect(waybar.tooltip).not.toContain('<');
  });
});

describe('--json and --waybar', () => {
  it('gives every field as a plain value', () => {
    expect(JSON.parse(statusJson(nowPlayingOf(playback(), AT, AT)))).toEqual({
      state: 'playing', title: 'Feather of Quillhaven', artists: 'Echo Engines, Sallow', album: 'Live at the Reverie', show: '',
      context: 'playlist', device: 'Study speaker', volume: 40, elapsed: '1:23', duration: '3:45', remaining: '2:22',
      elapsed_ms: 83_000, duration_ms: 225_000, remaining_ms: 142_000, percent: 36, shuffle: true, repeat: 'context',
    });
    expect(JSON.parse(statusJson(NOTHING_PLAYING))).toMatchObject({ state: 'stopped', title: '', volume: null });
  });

  it('gives waybar its text, tooltip, class and percentage', () => {
    const waybar = JSON.parse(statusWaybar(nowPlayingOf(playback({ is_playing: false }), AT, AT), { maxWidth: 12 }));
    expect(waybar).toEqual({
      text: '❚❚ Feather …',
      tooltip: 'Feather of Quillhaven\nEcho Engines, Sallow\nLive at the Reverie\nStudy speaker · volume 40%\n1:23/3:45 · shuffle on · repeat context',
      class: 'paused',
      percentage: 36,
    });
    expect(JSON.parse(statusWaybar(NOTHING_PLAYING))).toMatchObject({ text: 'nothing playing', class: 'stopped', percentage: 0 });
  });
});

/**
 * The markup a bar would act on in `line`, read as each bar reads it. tmux: `##` is one `#`, and `#[`, `#{`,
 * `#(` open a style, a format or a command. polybar: `%{` opens a tag (its parser has no escape).
 */
function tmuxMarkup(line: string): string[] {
  const found: string[] = [];
  for (let index = 0; index < line.length; index += 1) {
    if (line[index] !== '#') continue;
    if (line[index + 1] === '#') index += 1;
    else if ('[{('.includes(line[index + 1] ?? '')) found.push(line.slice(index, index + 12));
  }
  return found;
}
const polybarTags = (line: string): string[] => line.match(/%\{[^}]*\}/g) ?? [];

describe('--tmux and --polybar', () => {
  const MARKUP = '#[fg=red]Red #{session_name} #(touch /tmp/pwned) %{A1:touch /tmp/pwned:}Click%{A} %{F#f00}100%';
  const now = nowPlayingOf(playback({ item: { ...playback().item, name: MARKUP, artists: [{ name: '{A1:rm -rf ~:}' }] } }), AT, AT);

  it('tmux: every # of the service\'s text doubled, so no style, format or command comes from it', () => {
    const line = statusLine(now, { markup: 'tmux' });
    expect(tmuxMarkup(line)).toEqual([]);
    expect(line).toBe(`▶ ${MARKUP.replaceAll('#', '##')} · {A1:rm -rf ~:} 1:23/3:45`);
  });

  it("tmux: the user's own format keeps its markup, the fields are escaped", () => {
    const line = statusLine(now, { markup: 'tmux', template: parseTemplate('#[bold]{title}#[default] {percent}%') });
    expect(tmuxMarkup(line)).toEqual(['#[bold]##[fg', '#[default] 3']);
  });

  it('polybar: no tag comes from the service\'s text but %{O0}, which does nothing', () => {
    for (const template of [undefined, parseTemplate('{title}'), parseTemplate('%{artists}'), parseTemplate('{title}{{x}}')]) {
      const line = statusLine(now, { markup: 'polybar', template });
      expect(polybarTags(line).filter((tag) => tag !== '%{O0}')).toEqual([]);
    }
    // What it shows once polybar has taken its tags out: the text as it was.
    expect(statusLine(now, { markup: 'polybar' }).replaceAll('%{O0}', '')).toBe(`▶ ${MARKUP} · {A1:rm -rf ~:} 1:23/3:45`);
  });

  it("polybar: the user's own tags stay, a field's % cannot join the format's {", () => {
    const nowAt = nowPlayingOf(playback({ item: { ...playback().item, name: 'Up 100%' } }), AT, AT);
    const line = statusLine(nowAt, { markup: 'polybar', template: parseTemplate('%{{F#0f0}}{title}{{A1:x:}}%{{F-}}') });
    expect(polybarTags(line)).toEqual(['%{F#0f0}', '%{O0}', '%{F-}']);
  });

  it('cuts to --max-width by what the bar shows, escapes not counted', () => {
    const nowAt = nowPlayingOf(playback({ item: { type: 'track', name: '#1 at 100%', duration_ms: 1000, artists: [] } }), AT, AT);
    expect(statusLine(nowAt, { markup: 'tmux', template: parseTemplate('{title}'), maxWidth: 6 })).toBe('##1 at…');
    expect(statusLine(nowAt, { markup: 'polybar', template: parseTemplate('{title}'), maxWidth: 10 })).toBe('#1 at 100%%{O0}');
  });

  it('is never coloured, and the plain line has no control character even from --format or --idle', () => {
    expect(statusLine(now, { markup: 'tmux', color: true })).not.toContain('\x1b');
    expect(statusLine(now, { template: parseTemplate('\x1b]0;t\x07{percent}') })).toBe('␛36');
    expect(statusLine(NOTHING_PLAYING, { idle: '\x1b[2Jidle\x07' })).toBe('␛idle␇');
  });
});
