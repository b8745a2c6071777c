import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { readInitialData } from '../api/pageData';
import { seedInitialData } from './queries';

function pageWith(json: string) {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="initial-data">${json}</script>`;
}

describe('the page data the server writes into the HTML', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('fills the queries with the lists the page carries, then drops the element', () => {
    const product = { _id: 'p1', title: 'Bhringraj \u003c/script> Oil' };
    const productPage = { q: 'oil', sort: 'discount', page: { items: [product], page: 2, limit: 24, total: 25 } };
    const json = JSON.stringify({ language: 'gu', featuredProducts: [product], productPage, product, sliders: [] });
    pageWith(json.replace(/</g, '\\u003c'));
    const client = new QueryClient();
    const data = readInitialData();
    seedInitialData(client, data);
    expect(data.language).toBe('gu');
    const stored = { _id: 'p1', title: 'Bhringraj </script> Oil' };
    expect(client.getQueryData(['products', 'newest'])).toEqual([stored]);
    expect(client.getQueryData(['products', 'page', 'oil', 'discount', 2])).toMatchObject({
      items: [stored],
      total: 25,
    });
    expect(client.getQueryData(['products', 'one', 'p1'])).toEqual(stored);
    expect(client.getQueryData(['sliders'])).toEqual([]);
    expect(client.getQueryData(['gallery'])).toBeUndefined();
    expect(client.getQueryState(['products', 'newest'])?.status).toBe('success');
    expect(document.getElementById('initial-data')).toBeNull();
  });

  it('leaves the cache empty for a page without data or with broken data', () => {
    const client = new QueryClient();
    seedInitialData(client, readInitialData());
    pageWith('{"products": [');
    seedInitialData(client, readInitialData());
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
