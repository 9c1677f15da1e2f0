// @vitest-environment jsdom
/**
 * The server's page data seeds the query cache from its own script element only: a
 * post's element with the same id (saved before ids were prefixed) is not read.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { seedPageData } from './page-data';

describe('seedPageData', () => {
  it('reads the data script, skips a post element with its id, and removes the script', () => {
    const doc = document.implementation.createHTMLDocument('page');
    doc.body.innerHTML =
      '<div><p id="page-data">[[["blog"],"not this"]]</p></div>' +
      '<script type="application/json" id="page-data">[[["products"],[{"id":1}]]]</script>';
    const client = new QueryClient();
    expect(seedPageData(client, doc)).toBe(1);
    expect(client.getQueryData(['products'])).toEqual([{ id: 1 }]);
    expect(client.getQueryData(['blog'])).toBeUndefined();
    expect(doc.querySelector('script')).toBeNull();
    expect(doc.querySelector('p')).not.toBeNull();
  });
});
