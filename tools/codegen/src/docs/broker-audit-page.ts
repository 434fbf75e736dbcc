/** `brokerAuditPage`: the broker's decision order and the audit vocabulary, quoted from the catalog's `$comment`. */
import { code, mdText, table } from './markdown.js';
import { auditFields, decisionOrder, specSection } from './spec-text.js';

/** The Markdown of `broker-and-audit.md` (without the generated-file header). */
export function brokerAuditPage(comment: string | null): string {
  const out = ['# The broker’s decision order and the audit', '[All capabilities](index.md)'];
  out.push('The text below is the catalog’s own `$comment` (the normative spec), quoted word for word; the lists split it at its own separators.');
  out.push('## The broker');
  const broker = comment === null ? null : specSection(comment, 'THE BROKER');
  const order = broker === null ? null : decisionOrder(broker);
  if (broker === null) out.push(missing('THE BROKER'));
  else if (order === null) out.push(`> ${mdText(broker)}`);
  else {
    out.push(`> ${mdText(order.lead)}`);
    out.push(order.steps.map((step, i) => `${i + 1}. ${mdText(step)}`).join('\n'));
    if (order.rest) out.push(`> ${mdText(order.rest)}`);
  }
  out.push('## The audit');
  const audit = comment === null ? null : specSection(comment, 'THE AUDIT');
  const fields = audit === null ? null : auditFields(audit);
  if (audit === null) out.push(missing('THE AUDIT'));
  else if (fields === null) out.push(`> ${mdText(audit)}`);
  else {
    out.push(`> ${mdText(fields.lead)}`);
    out.push(
      table(
        ['field', 'value'],
        fields.fields.map((f) => [code(f.name), mdText(f.meaning)]),
      ),
    );
    if (fields.rest) out.push(`> ${mdText(fields.rest)}`);
  }
  return `${out.join('\n\n')}\n`;
}

function missing(title: string): string {
  return `The catalog’s ${code('$comment')} has no ${code(title)} section.`;
}
