import { describe, expect, it } from 'vitest';
import { remembered } from '../../src/text/remembered.js';

describe('remembered', () => {
  it('computes each input once while it is among the last ones asked, then forgets the oldest', () => {
    const computed: string[] = [];
    const upper = remembered(2, (input) => {
      computed.push(input);
      return input.toUpperCase();
    });
    expect([upper('a'), upper('a'), upper('b'), upper('a')]).toEqual(['A', 'A', 'B', 'A']);
    expect(computed).toEqual(['a', 'b']);
    upper('c'); // the third distinct input: 'a', the oldest, goes
    upper('b');
    upper('a');
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });

  it('remembers a result that is empty or falsy too', () => {
    let calls = 0;
    const empty = remembered(4, () => {
      calls += 1;
      return '';
    });
    empty('<p></p>');
    empty('<p></p>');
    expect(calls).toBe(1);
  });
});
