import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  consoleEvents,
  consolePendingKinds,
  consoleRoutes,
  pendingFields,
  sharedFields,
  type AgentJson,
  type AuditRowJson,
  type ConsoleEnded,
  type ConsolePendingKind,
  type PendingArgument,
  type PendingBase,
  type PendingFields,
  type PendingFile,
  type PendingPhoto,
} from '../src/console-contract.js';

const apiMd = readFileSync(new URL('../API.md', import.meta.url), 'utf8');

/** Every `METHOD /path` API.md writes inside backticks, its query left out. */
function routesWritten(text: string): string[] {
  const spans = text.match(/`[^`]+`/g) ?? [];
  return spans.flatMap((span) => [...span.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[^\s`?]*)/g)].map((match) => `${match[1]} ${match[2]}`));
}

/** Every name API.md writes inside backticks or double quotes (`{ id, at }`, `"scope"`, `event: pending`). */
function namesWritten(text: string): Set<string> {
  const spans = [...(text.match(/`[^`]+`/g) ?? []), ...(text.match(/"[^"\n]+"/g) ?? [])];
  return new Set(spans.flatMap((span) => span.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []));
}

/** `true` when the list names every key of `T` (the error says which are missing). */
type Names<T, L extends readonly PropertyKey[]> = [Exclude<keyof T, L[number]>] extends [never] ? true : Exclude<keyof T, L[number]>;

describe('API.md against the contract (console-contract.ts)', () => {
  it('names every route of the contract, and every route it writes is one of the contract', () => {
    const contract = Object.values(consoleRoutes).map((route) => `${route.method} ${route.path}`);
    const written = routesWritten(apiMd);
    expect(contract.filter((route) => !written.includes(route))).toEqual([]);
    expect([...new Set(written)].filter((route) => !contract.includes(route))).toEqual([]);
  });

  it('names every field of every route, kind, answer and shared shape, and every event', () => {
    const names = namesWritten(apiMd);
    const fields = [
      ...Object.values(consoleRoutes).flatMap((route) => [...route.request, ...route.response]),
      ...Object.values(pendingFields).flatMap((kind) => [...kind.pending, ...kind.answer]),
      ...Object.values(sharedFields).flat(),
      ...consolePendingKinds,
      ...consoleEvents,
    ];
    expect([...new Set(fields)].filter((field) => !names.has(field))).toEqual([]);
  });

  it('catches drift both ways: a route or field it does not name, a route it names that the contract lacks', () => {
    expect(routesWritten('`GET /api/state` and `POST /api/nope?x=1`')).toEqual(['GET /api/state', 'POST /api/nope']);
    expect(namesWritten('`{ "id", at }` and "kind"').has('at')).toBe(true);
    expect(namesWritten('no names here').has('id')).toBe(false);
  });

  it('the field lists name every field of their types (compile time)', () => {
    expectTypeOf<{ [K in ConsolePendingKind]: Names<PendingFields<K>, (typeof pendingFields)[K]['pending']> }>().toEqualTypeOf<{
      consent: true;
      photos: true;
      open: true;
      save: true;
      print: true;
    }>();
    expectTypeOf<Names<PendingBase, typeof sharedFields.pending>>().toEqualTypeOf<true>();
    expectTypeOf<Names<PendingPhoto, typeof sharedFields.photo>>().toEqualTypeOf<true>();
    expectTypeOf<Names<PendingFile, typeof sharedFields.file>>().toEqualTypeOf<true>();
    expectTypeOf<Names<AuditRowJson, typeof sharedFields.auditRow>>().toEqualTypeOf<true>();
    expectTypeOf<Names<AgentJson, typeof sharedFields.agent>>().toEqualTypeOf<true>();
    expectTypeOf<Names<PendingArgument, typeof sharedFields.argument>>().toEqualTypeOf<true>();
    expectTypeOf<Names<ConsoleEnded, typeof sharedFields.ended>>().toEqualTypeOf<true>();
  });
});
