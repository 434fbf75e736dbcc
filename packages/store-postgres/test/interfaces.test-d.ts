import { expectTypeOf, test } from 'vitest';
import type { AuditSink } from '@xcap/audit';
import type { BlobStore } from '@xcap/bridge';
import type { GrantStore } from '@xcap/broker';
import type { ManagedTokenStore } from '@xcap/tokens';
import type { PostgresAuditSink, PostgresBlobStore, PostgresGrantStore, PostgresTokenStore } from '../src/index.js';

test('the PostgreSQL stores implement the store interfaces', () => {
  expectTypeOf<PostgresGrantStore>().toExtend<GrantStore>();
  expectTypeOf<PostgresBlobStore>().toExtend<BlobStore>();
  expectTypeOf<PostgresAuditSink>().toExtend<AuditSink>();
  expectTypeOf<PostgresTokenStore>().toExtend<ManagedTokenStore>();
});
