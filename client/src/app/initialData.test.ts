import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { readInitialData } from '../api/pageData';
import { seedInitialData } from './initialData';

function pageWith(json: string) {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="initial-data">${json}</script>`;
}

describe('the page data the server writes into the HTML', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('fills the queries with the lists the page carries, then drops the element', () => {
    const product = { _id: 'p1', title: 'Bhringraj \u003c/script> Oil' };
    pageWith(JSON.stringify({ language: 'gu', products: [product], sliders: [] }).replace(/</g, '\\u003c'));
    const client = new QueryClient();
    const data = readInitialData();
    seedInitialData(client, data);
    expect(data.language).toBe('gu');
    expect(client.getQueryData(['products'])).toEqual([{ _id: 'p1', title: 'Bhringraj </script> Oil' }]);
    expect(client.getQueryData(['sliders'])).toEqual([]);
    expect(client.getQueryData(['gallery'])).toBeUndefined();
    expect(client.getQueryState(['products'])?.status).toBe('success');
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
