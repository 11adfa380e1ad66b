import type { Key } from 'ink';
import { describe, expect, it, vi } from 'vitest';
import { answerKey, asking, letters, messageOf, type AnswerOf, type Asking, type Outcome, type Question } from '../../../src/ui/prompt/question.js';

const NO_KEY = {} as Key;
const ESC = { escape: true } as Key;
const ENTER = { return: true } as Key;
const BACKSPACE = { backspace: true } as Key;
const CTRL = { ctrl: true } as Key;

/** Types each key in turn; the state after, or the outcome that closed the question. */
function press(question: Question, ...keys: [string, Key][]): Asking | Outcome {
  let state = asking(question);
  for (const [input, key] of keys) {
    const outcome = answerKey(state, input, key);
    if (outcome.state !== 'asking') return outcome;
    state = { ...state, typed: outcome.typed };
  }
  return state;
}
const typing = (text: string): [string, Key][] => [...text].map((character) => [character, NO_KEY]);
const typedOf = (result: Asking | Outcome): string => ('question' in result ? result.typed : `closed: ${result.state}`);
/** Runs the answer of an outcome that closed the question. */
const run = (result: Asking | Outcome): string => {
  if ('question' in result || result.state === 'asking') return 'still asking';
  result.then?.();
  return result.state;
};

describe('a name', () => {
  const name = (onAnswer = vi.fn(), extra: Partial<Question> = {}): Question =>
    ({ kind: 'name', label: 'new playlist, its name', maxLength: 5, enterHint: 'Enter creates', onAnswer, ...extra }) as Question;

  it('types printable keys up to its length, erases with Backspace, clears with Ctrl+U', () => {
    expect(typedOf(press(name(), ...typing('abcdefg')))).toBe('abcde');
    expect(typedOf(press(name(), ...typing('ab'), ['', BACKSPACE], ...typing('c')))).toBe('ac');
    expect(typedOf(press(name(), ...typing('ab'), ['u', CTRL]))).toBe('');
    expect(typedOf(press(name(), ['\u0007', NO_KEY], ['x', { meta: true } as Key]))).toBe('');
  });

  it('starts from what it is given, gives it trimmed on Enter, and shows it', () => {
    const onAnswer = vi.fn();
    const question = name(onAnswer, { initial: 'Mix' } as Partial<Question>);
    expect(messageOf(asking(question))).toBe('new playlist, its name: Mix_ · Enter creates · Esc cancels');
    expect(run(press(question, [' ', NO_KEY], ['', ENTER]))).toBe('answered');
    expect(onAnswer).toHaveBeenCalledWith('Mix');
  });

  it('cancels on Esc without an answer', () => {
    const onAnswer = vi.fn();
    const onCancel = vi.fn();
    expect(run(press(name(onAnswer, { onCancel } as Partial<Question>), ...typing('ab'), ['', ESC]))).toBe('cancelled');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

describe('a number', () => {
  const number = (onAnswer = vi.fn(), answerOf?: AnswerOf): Question => ({
    kind: 'number', maxDigits: 3, view: (typed) => `minutes ${typed}_`, onAnswer, answerOf,
  });

  it('takes digits (no leading 0) up to its length; other keys wait', () => {
    expect(typedOf(press(number(), ...typing('0120x45')))).toBe('120');
    expect(typedOf(press(number(), ['42', NO_KEY], ['', BACKSPACE]))).toBe('4');
    expect(messageOf({ question: number(), typed: '7' })).toBe('minutes 7_');
  });

  it('gives what is typed on Enter, and answers a letter beside the digits', () => {
    const onAnswer = vi.fn();
    const end = vi.fn();
    expect(run(press(number(onAnswer), ...typing('15'), ['', ENTER]))).toBe('answered');
    expect(onAnswer).toHaveBeenCalledWith('15');
    expect(run(press(number(onAnswer, letters({ e: end })), ...typing('1e')))).toBe('answered');
    expect(end).toHaveBeenCalledOnce();
  });
});

describe('y/n', () => {
  const yesNo = (onAnswer = vi.fn(), onCancel?: () => void): Question => ({ kind: 'yesNo', text: 'Discard them? y/n', onAnswer, onCancel });

  it('answers y or n in either case; other keys wait', () => {
    const onAnswer = vi.fn();
    expect('question' in press(yesNo(onAnswer), ...typing('xq'))).toBe(true);
    run(press(yesNo(onAnswer), ['Y', NO_KEY]));
    run(press(yesNo(onAnswer), ['n', NO_KEY]));
    expect(onAnswer.mock.calls).toEqual([[true], [false]]);
    expect(messageOf(asking(yesNo()))).toBe('Discard them? y/n');
  });

  it('takes Esc for no, unless it has an answer of its own for Esc', () => {
    const onAnswer = vi.fn();
    const onCancel = vi.fn();
    expect(run(press(yesNo(onAnswer), ['', ESC]))).toBe('cancelled');
    expect(onAnswer).toHaveBeenCalledWith(false);
    run(press(yesNo(onAnswer, onCancel), ['', ESC]));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onAnswer).toHaveBeenCalledOnce();
  });
});

describe('a letter from a set', () => {
  it('answers a letter of its set exactly; others wait; Esc cancels', () => {
    const save = vi.fn();
    const onCancel = vi.fn();
    const question: Question = { kind: 'letter', text: 's save, Esc stay', answerOf: letters({ s: save }), onCancel };
    expect('question' in press(question, ...typing('Sx'))).toBe(true);
    expect(run(press(question, ['s', NO_KEY]))).toBe('answered');
    expect(save).toHaveBeenCalledOnce();
    expect(run(press(question, ['', ESC]))).toBe('cancelled');
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('every question', () => {
  it('holds every key while it waits', () => {
    expect('question' in press({ kind: 'wait', text: 'Saving…' }, ...typing('sdq'), ['', ESC], ['', ENTER])).toBe(true);
  });

  it('lets Ctrl+C go on, closing, unless it takes Ctrl+C itself', () => {
    const passed = answerKey(asking({ kind: 'wait', text: 'Saving…' }), 'c', CTRL);
    expect(passed).toEqual({ state: 'interrupted', then: null });
    const exit = vi.fn();
    const taken = answerKey(asking({ kind: 'letter', text: 'quit?', answerOf: letters({}), onInterrupt: exit }), 'c', CTRL);
    expect(run(taken)).toBe('interrupted');
    expect(exit).toHaveBeenCalledOnce();
  });
});
