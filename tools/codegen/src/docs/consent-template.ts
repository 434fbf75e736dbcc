/**
 * `consentSheetTemplate`: the consent sheet of an `ask` scope as the person
 * will see it, with the manifest's parts left as placeholders. It follows
 * `consentSheet` of `@xcap/broker` (title = the capability's label, text =
 * `This app wants to <verb>. <why>`); a test holds the two together. The
 * generator does not import the broker: it runs from `@xcap/catalog/core`
 * alone, so it works while the generated code is broken.
 */
import type { Capability, Scope } from '@xcap/catalog/core';

/** Stands for the manifest entry's `why` in a sheet template. */
export const whyPlaceholder = '‹why›';

/** Stands for the manifest entry's origins' hosts (`a.com and b.com`) in a sheet template. */
export const originsPlaceholder = '‹origins›';

/** The sheet's title and text with placeholders; `null` for a scope no sheet is shown for (host-only or picker). */
export function consentSheetTemplate(capability: Capability, scope: Scope): { readonly title: string; readonly text: string } | null {
  if (scope.hostOnly === true || scope.consent !== 'ask') return null;
  const verb = scope.origins === true ? scope.verb.split('{origins}').join(originsPlaceholder) : scope.verb;
  return { title: capability.label, text: `This app wants to ${verb}. ${whyPlaceholder}` };
}
