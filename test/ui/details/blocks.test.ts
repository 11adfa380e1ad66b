import { describe, expect, it } from 'vitest';
import { description, field, rowsOf, title } from '../../../src/ui/details/blocks.js';
import { detailsOf } from '../../../src/ui/details/kinds.js';
import { createFakeApi } from '../../helpers/fake-api.js';

describe('details as blocks', () => {
  it('gives a line its row and what the lines leave to the block that takes the rest', () => {
    const blocks = [title('Notes'), ...field('Show', 'Harbour'), ...field('Explicit', 'no'), description('<p>Long</p>')];
    expect(rowsOf(blocks, 20)).toEqual([1, 1, 1, 17]);
    expect(rowsOf(blocks, 2)).toEqual([1, 1, 1, 0]);
  });

  it('leaves out a field the service sent nothing for, and the description gets its row', () => {
    const { show } = createFakeApi().catalog.savedShows[0]!;
    const withPublisher = detailsOf({ kind: 'show', show });
    const without = detailsOf({ kind: 'show', show: { ...show, publisher: '' } });
    expect(without.blocks).toHaveLength(withPublisher.blocks.length - 1);
    expect(rowsOf(without.blocks, 20).at(-1)).toBe(rowsOf(withPublisher.blocks, 20).at(-1)! + 1);
    expect(withPublisher.title).toBe('Show');
  });
});
