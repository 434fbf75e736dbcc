import type { ElicitResult } from '@modelcontextprotocol/client';

/** One choice of a form field: its value and the label the person reads. */
export interface FormChoice {
  readonly value: string;
  readonly title: string;
}

/** One field of an elicitation form, read from its `requestedSchema`. */
export interface FormField {
  readonly name: string;
  readonly title: string;
  readonly required: boolean;
  readonly choices: readonly FormChoice[];
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * The fields of an elicitation form as a client would render them: each
 * property's title, and its choices from `oneOf` (`const` + `title`) or
 * `enum`. Anything the form does not say is left empty, never guessed.
 */
export function formFields(requestedSchema: unknown): FormField[] {
  const schema = record(requestedSchema);
  const properties = record(schema?.['properties']) ?? {};
  const required = Array.isArray(schema?.['required']) ? (schema['required'] as unknown[]) : [];
  return Object.entries(properties).map(([name, raw]) => {
    const property = record(raw) ?? {};
    const oneOf = Array.isArray(property['oneOf']) ? (property['oneOf'] as unknown[]) : [];
    const fromOneOf = oneOf.flatMap((option) => {
      const o = record(option);
      return typeof o?.['const'] === 'string' ? [{ value: o['const'], title: typeof o['title'] === 'string' ? o['title'] : o['const'] }] : [];
    });
    const fromEnum = Array.isArray(property['enum'])
      ? (property['enum'] as unknown[]).filter((v): v is string => typeof v === 'string').map((v) => ({ value: v, title: v }))
      : [];
    return {
      name,
      title: typeof property['title'] === 'string' ? property['title'] : name,
      required: required.includes(name),
      choices: fromOneOf.length > 0 ? fromOneOf : fromEnum,
    };
  });
}

/** One line per field, as the demo prints what the client was asked: `Your answer (answer): Allow | Don’t allow`. */
export function describeForm(fields: readonly FormField[]): string[] {
  return fields.map(
    (f) => `${f.title} (${f.name}${f.required ? ', required' : ''}): ${f.choices.length === 0 ? 'free text' : f.choices.map((c) => c.title).join(' | ')}`,
  );
}

/**
 * The person's answer, given by the demo's client: every field that offers
 * the choice `value` gets it; a form where no field offers it is declined
 * (so the demo never accepts something it did not understand).
 */
export function chooseInForm(fields: readonly FormField[], value: string): ElicitResult {
  const chosen = fields.filter((f) => f.choices.some((c) => c.value === value));
  if (chosen.length === 0) return { action: 'decline' };
  return { action: 'accept', content: Object.fromEntries(chosen.map((f) => [f.name, value])) };
}
