import { loadCatalog, type Catalog } from '@xcap/catalog';
import { fixtureDoc } from './fixture.js';

/** The fixture catalog plus a tool nobody wrote tests for: `photos_delete` (in `photos.read`, for the test's sake). */
export function extendedCatalog(): Catalog {
  const doc = fixtureDoc();
  const photos = doc.capabilities.find((c: { name: string }) => c.name === 'photos');
  photos.scopes[0].tools.push('delete');
  const at = doc.tools.findIndex((t: { name: string }) => t.name === 'photos_get');
  doc.tools.splice(at, 0, {
    name: 'photos_delete',
    runs: 'native',
    description: 'Delete photos.',
    inputSchema: {
      type: 'object',
      properties: { ids: { type: 'array', minItems: 1, maxItems: 10, items: { type: 'string', minLength: 1 } }, force: { type: 'boolean' } },
      required: ['ids'],
      additionalProperties: false,
    },
    nativeOutputSchema: { type: 'object', properties: { deleted: { type: 'integer', minimum: 0 } }, required: ['deleted'], additionalProperties: false },
    outputSchema: { type: 'object', properties: { deleted: { type: 'integer', minimum: 0 } }, required: ['deleted'], additionalProperties: false },
  });
  return loadCatalog(doc);
}
