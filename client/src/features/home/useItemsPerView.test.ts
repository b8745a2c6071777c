import { describe, expect, it } from 'vitest';
import { itemsPerViewFor } from './useItemsPerView';

describe('gallery carousel items per view', () => {
  it('shows 1 under 768 px, 2 under 1024 px, otherwise 4', () => {
    expect([390, 767, 768, 1023, 1024, 1440].map(itemsPerViewFor)).toEqual([1, 1, 2, 2, 4, 4]);
  });
});
