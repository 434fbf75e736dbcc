/**
 * An ESLint rule for this repository's tests: `expect(p).rejects.toThrow(…)`
 * with only a message (a string, template or RegExp literal, `new RegExp(…)`)
 * or with nothing must also assert the error's class. vitest hands a string
 * or RegExp to chai, which skips the message check when the rejection reason
 * is falsy, so such an assertion passes for a promise rejected with
 * `undefined` or `null`; `toThrow()` passes for any rejection at all.
 *
 * Accepted: a class or another matcher as the argument
 * (`toThrow(FileLockError)`, `toThrow(errorOf(FileLockError, 'lost the lock'))`
 * from `@xcap/test-support`), or a statement in the same block asserting the
 * class of the same promise held in a variable (`await expect(p).rejects.toBeInstanceOf(X)`
 * or `.rejects.toThrow(X)`).
 */

const matchers = new Set(['toThrow', 'toThrowError']);

/** The `expect(…)` call under `expect(subject).rejects.<name>(…)`, or undefined. */
function rejectsSubject(call) {
  const callee = call.callee;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
  const rejects = callee.object;
  if (rejects.type !== 'MemberExpression' || rejects.computed || rejects.property.type !== 'Identifier' || rejects.property.name !== 'rejects')
    return undefined;
  const expectCall = rejects.object;
  if (expectCall.type !== 'CallExpression' || expectCall.callee.type !== 'Identifier' || expectCall.callee.name !== 'expect') return undefined;
  return { name: callee.property.name, subject: expectCall.arguments[0] };
}

/** True for an argument that says only what the message is. */
function messageOnly(arg) {
  if (arg.type === 'Literal') return typeof arg.value === 'string' || 'regex' in arg;
  if (arg.type === 'TemplateLiteral') return true;
  if ((arg.type === 'NewExpression' || arg.type === 'CallExpression') && arg.callee.type === 'Identifier') return arg.callee.name === 'RegExp';
  return false;
}

/** True for an argument that names a class (`X`, `ns.X`): `toThrow(X)` is an instanceof check. */
function isClassName(arg) {
  return arg !== undefined && (arg.type === 'Identifier' || (arg.type === 'MemberExpression' && !arg.computed));
}

/**
 * True for a subject that is the same promise wherever its text recurs (a
 * variable, `a.b`); `expect(make())` twice makes two promises, so a class
 * asserted on one says nothing of the other.
 */
function isSamePromise(subject) {
  if (subject === undefined) return false;
  if (subject.type === 'Identifier') return true;
  return subject.type === 'MemberExpression' && !subject.computed && isSamePromise(subject.object);
}

/** The rule object (`meta` + `create`) for `xcap/require-rejection-class`. */
export const requireRejectionClass = {
  meta: {
    type: 'problem',
    docs: { description: "require the error's class beside a message-only rejects.toThrow" },
    schema: [],
    messages: {
      messageOnly:
        '`rejects.{{name}}(message)` passes for a promise rejected with undefined or null: assert the class too, e.g. `rejects.{{name}}(errorOf(SomeError, message))` (@xcap/test-support) or a `rejects.toBeInstanceOf(SomeError)` on the same promise.',
      nothing:
        '`rejects.{{name}}()` passes for any rejection, undefined included: name the class (and the message), e.g. `rejects.{{name}}(errorOf(SomeError, message))`.',
    },
  },
  create(context) {
    const source = context.sourceCode;
    /** True when a sibling statement of `call`'s statement asserts a class on the same subject text. */
    const classAssertedBeside = (call, subjectText) => {
      let statement = call;
      while (statement.parent && statement.parent.type !== 'BlockStatement' && statement.parent.type !== 'Program') statement = statement.parent;
      const block = statement.parent;
      if (!block) return false;
      let found = false;
      for (const sibling of block.body) {
        if (sibling === statement) continue;
        const visit = (node) => {
          if (found || node === null || typeof node !== 'object') return;
          if (node.type === 'CallExpression') {
            const other = rejectsSubject(node);
            if (
              other?.subject !== undefined &&
              source.getText(other.subject) === subjectText &&
              (other.name === 'toBeInstanceOf' || (matchers.has(other.name) && isClassName(node.arguments[0])))
            ) {
              found = true;
              return;
            }
          }
          for (const key of source.visitorKeys[node.type] ?? []) {
            const child = node[key];
            if (Array.isArray(child)) child.forEach(visit);
            else visit(child);
          }
        };
        visit(sibling);
        if (found) return true;
      }
      return false;
    };
    return {
      CallExpression(call) {
        const found = rejectsSubject(call);
        if (found === undefined || !matchers.has(found.name)) return;
        const arg = call.arguments[0];
        const problem = arg === undefined ? 'nothing' : messageOnly(arg) ? 'messageOnly' : undefined;
        if (problem === undefined) return;
        if (isSamePromise(found.subject) && classAssertedBeside(call, source.getText(found.subject))) return;
        context.report({ node: call, messageId: problem, data: { name: found.name } });
      },
    };
  },
};
